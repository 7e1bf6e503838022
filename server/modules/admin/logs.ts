import { open } from 'node:fs/promises';
import { LEVEL_NAMES, scrubSecrets } from '../../logging';

/**
 * The log download (GET /log): the latest part of the server's JSON log file as readable text.
 * An admin sees only their company's lines; a brick admin sees all. Lines are scrubbed of tokens
 * again on the way out, so even a line written by an older version that logged a set-password link
 * cannot hand an account to whoever downloads the log.
 */

/** How much of the log file's end is read (the newest lines). */
export const LOG_SCAN_BYTES = 16 * 1024 * 1024;
/** The largest download; older lines are dropped first. */
export const LOG_DOWNLOAD_BYTES = 4 * 1024 * 1024;

/** The newest `maxBytes` of a file, starting at a whole line; '' when the file is missing. */
export async function readTail(path: string, maxBytes: number): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - maxBytes);
    const length = size - start;
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, start);
    let text = buffer.toString('utf8');
    if (start > 0) text = text.slice(text.indexOf('\n') + 1);
    return text;
  } finally {
    await handle.close();
  }
}

/** One JSON log line as `time LEVEL message {details}`. */
export function formatLogLine(entry: Record<string, unknown>): string {
  const { level, time, msg, pid: _pid, hostname: _host, ...rest } = entry;
  const at = typeof time === 'number' ? new Date(time).toISOString() : String(time ?? '');
  const lvl = LEVEL_NAMES[level as number] ?? String(level ?? '');
  const details = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${at} ${lvl.padEnd(5)} ${String(msg ?? '')}${details}`;
}

/**
 * A line a company's admin may read: it carries the company, and it is not the platform admin's
 * work on companies (a line of a brick_admin-only route, or one about another company), even when
 * the platform admin's own account belongs to this company.
 */
function ownCompanyLine(entry: Record<string, unknown>, companyId: number): boolean {
  if (entry.company_id !== companyId || entry.platform === true) return false;
  return entry.target_company_id === undefined || entry.target_company_id === companyId;
}

/**
 * Picks the lines the caller may see (all when companyId is null) and formats them, newest first
 * backwards until the size cap is reached, so the work is bounded by the download's size.
 */
export function logText(raw: string, companyId: number | null, maxBytes: number): string {
  const marker = companyId === null ? null : `"company_id":${companyId}`;
  const kept: string[] = [];
  let bytes = 0;
  let end = raw.length;
  while (end > 0) {
    const start = raw.lastIndexOf('\n', end - 1) + 1;
    const line = raw.slice(start, end);
    end = start - 1;
    if (!line || (marker && !line.includes(marker))) continue;
    let text: string | null;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      text = companyId === null || ownCompanyLine(entry, companyId) ? formatLogLine(entry) : null;
    } catch {
      text = companyId === null ? line : null;
    }
    if (text === null) continue;
    text = scrubSecrets(text);
    const size = Buffer.byteLength(text) + 1;
    if (bytes + size > maxBytes) break;
    bytes += size;
    kept.push(text);
  }
  kept.reverse();
  return kept.length > 0 ? `${kept.join('\n')}\n` : '';
}
