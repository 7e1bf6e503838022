import { createReadStream, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** The small dump shipped with the app: the catalog a fresh install imports by default. */
export const SAMPLE_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'sample');

/** Where a run reads its dump: CATALOG_SOURCE (a folder or an http(s) base URL), else the sample. */
export function catalogSource(env: NodeJS.ProcessEnv = process.env): string {
  return env.CATALOG_SOURCE?.trim() || SAMPLE_SOURCE;
}

/** A problem with the dump itself (missing file, bad column, bad value): told to the user as is. */
export class ImportError extends Error {}

export interface DumpFile {
  /** The file name as found: `parts.csv` or `parts.csv.gz`. */
  name: string;
  /** The file's text bytes, already gunzipped. */
  stream: Readable;
}

/** How long a download may send nothing before the run gives up on it. */
const STALL_MS = 60_000;

function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** `raw` gunzipped when the name says so; an error on the raw stream ends the result too. */
function unpacked(name: string, raw: Readable): Readable {
  if (!name.endsWith('.gz')) return raw;
  const gunzip = createGunzip();
  raw.on('error', (err) => gunzip.destroy(err));
  return raw.pipe(gunzip);
}

/**
 * Opens `<file>.csv.gz`, else `<file>.csv`, from the source as a stream (a download is read as it
 * arrives; nothing is held whole in memory).
 */
export async function openDumpFile(
  source: string,
  file: string,
  signal?: AbortSignal,
): Promise<DumpFile> {
  const names = [`${file}.csv.gz`, `${file}.csv`];
  if (isUrl(source)) {
    const base = source.endsWith('/') ? source : `${source}/`;
    for (const name of names) {
      let res: Response;
      const stalled = new AbortController();
      const both = signal ? AbortSignal.any([signal, stalled.signal]) : stalled.signal;
      let timer = setTimeout(() => stalled.abort(), STALL_MS);
      try {
        res = await fetch(new URL(name, base), { signal: both });
      } catch (err) {
        clearTimeout(timer);
        if (stalled.signal.aborted) throw new ImportError(`${name}: the server did not answer`);
        throw new ImportError(`${name} could not be downloaded: ${(err as Error).message}`);
      }
      clearTimeout(timer);
      if (res.status === 404) {
        await res.body?.cancel();
        continue;
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new ImportError(`${name} could not be downloaded (HTTP ${res.status})`);
      }
      const raw = Readable.fromWeb(res.body as Parameters<typeof Readable.fromWeb>[0]);
      // A download that stops sending for STALL_MS fails the run instead of holding it for ever.
      const restart = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          raw.destroy(new ImportError(`${name}: the download stopped sending data`));
        }, STALL_MS);
      };
      restart();
      raw.on('data', restart);
      raw.on('close', () => clearTimeout(timer));
      return { name, stream: unpacked(name, raw) };
    }
  } else {
    for (const name of names) {
      const path = join(source, name);
      if (existsSync(path)) return { name, stream: unpacked(name, createReadStream(path)) };
    }
  }
  throw new ImportError(`${file}.csv (or ${file}.csv.gz) is missing from the catalog source`);
}
