import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { expect, it } from 'vitest';

/**
 * The Node versions the project says it runs on (package.json `engines`, and the README's line)
 * are versions every installed package accepts: `npm install` then warns about no engine.
 */
const root = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: unknown }>;
};

/** Every release line's .0, a few minors on and the last minor of each line we know of. */
const versions = [18, 19, 20, 21, 22, 23, 24, 25, 26].flatMap((major) =>
  [0, 1, 5, 9, 11, 12, 13, 17, 18, 19, 20, 22, 30].map((minor) => `${major}.${minor}.0`),
);

it('claims only Node versions that every locked package accepts', () => {
  const claimed = versions.filter((v) => semver.satisfies(v, pkg.engines.node));
  expect(claimed.length).toBeGreaterThan(0);
  const refused: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const wanted = (entry.engines as { node?: unknown } | undefined)?.node;
    if (!path || typeof wanted !== 'string') continue;
    for (const v of claimed) {
      if (!semver.satisfies(v, wanted))
        refused.push(`${path}@${entry.version} wants ${wanted}, not ${v}`);
    }
  }
  expect(refused).toEqual([]);
});

it('says the same in the README', () => {
  const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
  expect(readme).toContain(`\`${pkg.engines.node}\``);
});
