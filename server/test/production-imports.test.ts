import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

/**
 * Test support (fixtures, the sync engine's notes table, the test SMTP server) lives in
 * server/test/, beside the tests. The server runs its sources as they are (tsx server/main.ts),
 * so what production code never imports is never loaded: no file outside the tests may import
 * from server/test/.
 */
const server = resolve(__dirname, '..');
const testDir = resolve(__dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return p === testDir ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

it('production server code imports nothing from server/test/', () => {
  const files = sources(server);
  expect(files.length).toBeGreaterThan(50);
  const offending: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import\()\s*'(\.[^']*)'/g)) {
      const target = resolve(dirname(file), m[1]);
      if (target === testDir || target.startsWith(testDir + '/')) {
        offending.push(`${relative(server, file)} imports ${m[1]}`);
      }
    }
  }
  expect(offending).toEqual([]);
});
