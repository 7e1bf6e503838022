import { join } from 'node:path';
import type { AppConfig } from './config';
import { logFilePath } from './logging';

/** A database URL without its password, for the log. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}

/** Where the server keeps its data: the SQLite file, or the PostgreSQL database. */
export function databaseText(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string {
  const url = config.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return `PostgreSQL at ${withoutPassword(url)}`;
  const file = url?.startsWith('sqlite:')
    ? url.slice('sqlite:'.length)
    : join(config.dataDir, 'warehouse.sqlite');
  return `SQLite file ${file}`;
}

/** Where mails go: the SMTP server, or the folder the mail files are written to. */
export function mailText(config: Pick<AppConfig, 'smtpUrl' | 'dataDir'>): string {
  if (config.smtpUrl) return `sent through ${withoutPassword(config.smtpUrl)}`;
  return `written as files to ${join(config.dataDir, 'mail')} (no SMTP_URL set; \`npm run mail:last\` shows the newest mail and its links)`;
}

/**
 * The first lines of the log at start: where the database, the data folder, the mail, the log
 * file and the app's address are, so a new install knows where to look without reading docs.
 */
export function startupLines(config: AppConfig): string[] {
  return [
    `brick warehouse starting (Node ${process.version}, LOG_LEVEL=${config.logLevel})`,
    `address: ${config.publicUrl} (PUBLIC_URL; listening on ${config.host}:${config.port})`,
    `database: ${databaseText(config)}`,
    `data folder: ${config.dataDir}`,
    `mail: ${mailText(config)}`,
    `log file: ${logFilePath(config.dataDir)}`,
  ];
}
