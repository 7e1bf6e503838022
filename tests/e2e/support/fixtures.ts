import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

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

/**
 * The test function of every browser test: the baseURL of the server started in global-setup,
 * and any console error or uncaught page error fails the test.
 */
export const test = base.extend<Options & Fixtures>({
  allowedConsoleError: [null, { option: true }],
  // Playwright reads the fixtures a fixture needs from this (empty) pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through playwright test');
    await use(url);
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
