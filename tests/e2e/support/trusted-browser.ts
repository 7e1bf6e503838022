// A Chromium that trusts a certificate authority the way a device does once its user installed
// it: the CA goes into an NSS database (Chromium's own store of trusted roots on Linux) in a home
// folder of the browser's own, with Debian's `certutil` (package libnss3-tools). Nothing is
// ignored: a page whose certificate does not chain to that CA fails as it would on a phone.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import config from '../../../playwright.config';

export interface TrustingBrowser {
  browser: Browser;
  close(): Promise<void>;
}

function certutil(args: string[]): void {
  try {
    execFileSync('certutil', args, { stdio: 'pipe' });
  } catch (err) {
    const e = err as { code?: string; stderr?: Buffer };
    if (e.code === 'ENOENT')
      throw new Error('certutil is missing: sudo apt-get install -y libnss3-tools', { cause: err });
    throw new Error(`certutil ${args.join(' ')}: ${e.stderr?.toString() ?? String(err)}`, {
      cause: err,
    });
  }
}

/** Launches Chromium with `caPem` trusted as a root for web sites (and nothing else changed). */
export async function launchTrusting(
  caPem: string,
  name = 'Brick Warehouse',
): Promise<TrustingBrowser> {
  const home = mkdtempSync(join(tmpdir(), 'brick-trust-'));
  const db = join(home, '.pki', 'nssdb');
  mkdirSync(db, { recursive: true });
  const caFile = join(home, 'ca.pem');
  writeFileSync(caFile, caPem);
  certutil(['-N', '-d', `sql:${db}`, '--empty-password']);
  certutil(['-A', '-d', `sql:${db}`, '-n', name, '-t', 'C,,', '-i', caFile]);
  const launch = config.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    headless: true,
    env: { ...process.env, HOME: home },
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
