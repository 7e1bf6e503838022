import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server serving the built PWA. Debian's Chromium, never a
 * downloaded browser. Two workers (the machines have 2 cores), each with its own server and data
 * (tests/e2e/support/fixtures.ts); the tests of one spec file run in order in one worker.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The longest specs walk a whole flow (a subtree built, copied, pasted and deleted): 25–55 s on
  // a slow 2-core machine running two workers, their servers and browsers. A test is stopped only
  // when it is clearly stuck. A step waits up to `expect.timeout`: on such a machine a deep link
  // that opens the tree six levels down (seven requests one after the other) or a lazily loaded
  // screen took 5–9 s, so 15 s; a passing step takes no longer for it.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
