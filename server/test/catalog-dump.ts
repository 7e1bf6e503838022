import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SAMPLE_SOURCE } from '../catalog-import/source';

/** Test helpers of the catalog import suites (not used by the server). */

/** A copy of the sample dump with some files replaced (written as plain .csv). */
export function dumpWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'bw-dump-'));
  cpSync(SAMPLE_SOURCE, dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    rmSync(join(dir, `${name}.csv.gz`), { force: true });
    writeFileSync(join(dir, `${name}.csv`), text);
  }
  return dir;
}

/** A sample file's text, gunzipped when it is shipped as .csv.gz. */
export function sampleText(name: string): string {
  try {
    return readFileSync(join(SAMPLE_SOURCE, `${name}.csv`), 'utf8');
  } catch {
    return gunzipSync(readFileSync(join(SAMPLE_SOURCE, `${name}.csv.gz`))).toString('utf8');
  }
}
