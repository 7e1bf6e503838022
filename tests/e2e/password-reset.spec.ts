import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { DEMO_PASSWORD, apiLogin, bearer, expect, loginAs, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';

const EMAIL = 'sales@demo.test';
const NEW_PASSWORD = 'a-new-sales-password';

// The used link is answered 401: Chromium logs the failed load and the app logs the answer
// (a refused call's answer is also logged).
test.use({
  allowedConsoleError:
    /the server responded with a status of 401|HTTPError: Request failed with status code 401 Unauthorized: POST \S+\/api\/user\/password_reset/,
});

test('password reset by e-mail, end to end', async ({ page, request }) => {
  const since = new Date().toISOString();
  await page.goto('/');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot_password/);
  // The email typed on the login page is carried across to Forgot password.
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(
    page.getByText(
      'An email has been sent. If you have not received any mail, please make sure to check your spam folder.',
    ),
  ).toBeVisible();

  const mail = await waitForMail(EMAIL, since);
  const link = new URL(linkIn(mail));
  expect(link.pathname).toMatch(/^\/set_password\/[^/]+$/);

  await page.goto(link.pathname);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  const repeat = page.getByLabel('Repeat the new password');
  if (await repeat.count()) await repeat.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /password/i }).click();
  await expect(page.getByText('Your password has been updated, you can now log-in.')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  await loginAs(page, EMAIL, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/inventory$/);

  // The old password no longer works.
  const old = await request.post('/api/login', {
    headers: {
      Authorization: `Basic ${Buffer.from(`${EMAIL}:${DEMO_PASSWORD}`).toString('base64')}`,
    },
  });
  expect(old.status()).toBe(401);
  await apiLogin(request, EMAIL, NEW_PASSWORD);

  // The link works once: opened again, it cannot set a password.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link.pathname);
  await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
  if (await repeat.count()) await repeat.fill('yet-another-password');
  await page.getByRole('button', { name: /password/i }).click();
  await expect(
    page.getByText('This link has expired or has already been used. Please request a new one.'),
  ).toBeVisible();
  await apiLogin(request, EMAIL, NEW_PASSWORD);

  // Put the demo password back through the API, so other tests can sign in as this account.
  const again = new Date().toISOString();
  const ask = await request.post('/api/login/password_reset', { data: { email: EMAIL } });
  expect(ask.status()).toBe(200);
  const token = decodeURIComponent(
    new URL(linkIn(await waitForMail(EMAIL, again))).pathname.split('/').pop()!,
  );
  const reset = await request.post('/api/user/password_reset', {
    headers: bearer(token),
    data: { password: DEMO_PASSWORD },
  });
  expect(reset.status()).toBe(200);
  await apiLogin(request, EMAIL, DEMO_PASSWORD);
});

// A new install has no SMTP_URL: the server writes each mail as a file under DATA_DIR/mail, and the
// person opens the newest file and copies the link from it, exactly as the file shows it.
test.describe('without SMTP_URL, from the mail file', () => {
  test.describe.configure({ timeout: 120_000 });
  let server: ServerProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'brick-e2e-mailfile-'));
    server = await startServerProcess({ dataDir, env: { SMTP_URL: '', LOG_LEVEL: 'info' } });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the link copied from the newest .eml file sets the password', async ({ page }) => {
    const mailDir = join(dataDir, 'mail');
    await page.goto(`${server.url}/`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByText(/An email has been sent/)).toBeVisible();

    // The newest file, opened in a text editor: the line with the link, copied whole.
    await expect.poll(() => readdirSync(mailDir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const file = readdirSync(mailDir).find((f) => f.endsWith('.eml'))!;
    const shown = readFileSync(join(mailDir, file), 'utf8');
    const copied = shown
      .split('\n')
      .find((line) => line.includes('/set_password/'))!
      .trim();
    expect(copied).toMatch(new RegExp(`^${server.url}/set_password/[\\w-]+$`));

    // `npm run mail:last` shows the same link.
    const last = spawnSync('node_modules/.bin/tsx', ['server/mail/print-last.ts'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(last.stdout).toContain('Subject: Reset your Brick Warehouse password');
    expect(last.stdout).toContain(`  ${copied}\n`);

    await page.goto(copied);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    const repeat = page.getByLabel('Repeat the new password');
    if (await repeat.count()) await repeat.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /password/i }).click();
    await expect(
      page.getByText('Your password has been updated, you can now log-in.'),
    ).toBeVisible();

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${server.url}/inventory`);
  });
});
