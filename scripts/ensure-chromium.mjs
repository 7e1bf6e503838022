// Before the browser tests: make sure Debian's Chromium is installed (Playwright uses it, never a
// downloaded browser). As root with apt-get available it installs it; otherwise it stops with the
// one command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL = 'sudo apt-get update && sudo apt-get install -y chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

if (!isRoot || !hasApt) {
  console.error(`Chromium is needed for the browser tests and was not found at ${CHROMIUM}.`);
  console.error(
    hasApt ? `Install it with:\n\n  ${INSTALL}\n` : 'Install Chromium, or set CHROMIUM_PATH.',
  );
  process.exit(1);
}

console.log("Chromium is missing: installing Debian's chromium package (about a minute)…");
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
  const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed. Install Chromium by hand:\n\n  ${INSTALL}\n`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get installed chromium but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
console.log('Chromium installed.');
