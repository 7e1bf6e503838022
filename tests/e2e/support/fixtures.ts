import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startSharedServer, type SharedServer } from './shared-server';

export { expect };

export const DEMO_PASSWORD = 'demo-password';

/**
 * Catalog pictures live on outside image hosts the test machine cannot reach (an outside service,
 * not our app): every browser context answers them with a one-pixel PNG.
 */
export const CATALOG_IMAGE_HOSTS = /cdn\.rebrickable\.com|img\.bricklink\.com/;
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Console errors that say nothing about our app: Chromium's own offline noise, and a catalog
 * picture that could not load (offline, before the route above answers it).
 */
const HARMLESS_CONSOLE_ERRORS: RegExp[] = [
  /net::ERR_INTERNET_DISCONNECTED/,
  /Failed to load resource.*\((https:\/\/)?(cdn\.rebrickable\.com|img\.bricklink\.com)\//,
];

interface Options {
  /**
   * A console error a test expects (e.g. the 401 of a used link); one RegExp, since test.use
   * reads an array as [value, options].
   */
  allowedConsoleError: RegExp | null;
}

interface Fixtures {
  failOnConsoleErrors: void;
  catalogImages: void;
}

interface WorkerFixtures {
  sharedServer: SharedServer;
}

/**
 * The test function of every browser test: the baseURL of this worker's server, and any console
 * error or uncaught page error fails the test.
 */
export const test = base.extend<Options & Fixtures, WorkerFixtures>({
  allowedConsoleError: [null, { option: true }],
  // Each worker (a process of its own) starts its own server with fresh demo data, so specs in two
  // workers never change each other's data; the specs of one worker share it, one after the
  // other. Specs and helpers read E2E_BASE_URL, E2E_MAILBOX and E2E_DATA_DIR.
  sharedServer: [
    // Playwright reads the fixtures a fixture needs from this (empty) pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startSharedServer();
      process.env.E2E_BASE_URL = server.baseURL;
      process.env.E2E_MAILBOX = server.mailboxFile;
      process.env.E2E_DATA_DIR = server.dataDir;
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    // A fresh server migrates and loads the demo data first: slow on a busy machine.
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ sharedServer }, use) => {
    await use(sharedServer.baseURL);
  },
  // On the context, not the page: the service worker fetches pictures too.
  catalogImages: [
    async ({ context }, use) => {
      await context.route(CATALOG_IMAGE_HOSTS, (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }),
      );
      await use();
    },
    { auto: true },
  ],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleError }, use, testInfo) => {
      const problems: string[] = [];
      const allowed = [
        ...HARMLESS_CONSOLE_ERRORS,
        ...(allowedConsoleError ? [allowedConsoleError] : []),
      ];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = `${msg.text()} (${msg.location().url})`;
        if (!allowed.some((re) => re.test(text))) problems.push(`console error: ${text}`);
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.stack ?? err.message}`));
      await use();
      if (problems.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`The page reported errors:\n${problems.join('\n')}`);
      }
    },
    { auto: true },
  ],
});

/** Signs in through the login screen and waits until the app has left it. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/$/);
}

/** A fresh session straight from the API (POST /api/login with Basic credentials). */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ access_token: string; permissions: number[]; user: { id: number } }> {
  const res = await request.post('/api/login', {
    headers: { Authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  expect(res.status(), `login of ${email}`).toBe(200);
  return res.json();
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}
