import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';

/** A page's first load waits for its code (slow on a busy machine); later steps use the default. */
const PAGE_LOAD = { timeout: 30_000 };

test('the platform admin creates a company, its admin is invited, and the audit log shows it', async ({
  page,
}) => {
  // Two screens' first loads: on a busy machine each can take many seconds.
  const stamp = Date.now().toString(36);
  const company = `Brick Barn ${stamp}`;
  const email = `boss.${stamp}@barn.test`;
  const since = new Date().toISOString();

  await loginAs(page, 'platform@demo.test');
  await page.goto('/brick_admin/new_company');
  await expect(page).toHaveURL(/\/brick_admin\/new_company$/);
  const form = page.getByRole('form', { name: 'New company' });
  await expect(form).toBeVisible(PAGE_LOAD);
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel("First admin's email").fill(email);
  await form.getByLabel("First admin's name").fill('Barn Boss');
  await form.getByRole('button', { name: 'Create company' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${company} has been created` }),
  ).toBeVisible();
  const mail = await waitForMail(email, since);
  expect(linkIn(mail)).toContain('/set_password/');

  await page.goto('/audit');
  const filters = page.getByRole('form', { name: 'Audit filters' });
  await expect(filters).toBeVisible(PAGE_LOAD);
  await filters.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Company created' }).click();
  await filters.getByLabel('Who').fill(email);
  await filters.getByRole('button', { name: 'Show' }).click();
  const rows = page.getByRole('table', { name: 'Audit entries' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Company created');
  await expect(rows.first()).toContainText('platform@demo.test');
  await expect(rows.first()).toContainText(`"${company}"; first admin ${email}`);
  // The company column names the new company.
  await expect(rows.first()).toContainText(company);
});

test('a company admin reads only their own company in the audit log', async ({ page, request }) => {
  // A failed sign-in at Demo Bricks that Other Bricks' admin must not see.
  await request.post('/api/login', {
    headers: {
      Authorization: `Basic ${Buffer.from('picker@demo.test:not-the-password').toString('base64')}`,
    },
  });
  await loginAs(page, 'admin@other.test');
  await page.goto('/audit');
  await expect(page).toHaveURL(/\/audit$/);
  const table = page.getByRole('table', { name: 'Audit entries' });
  await expect(table.getByText('admin@other.test').first()).toBeVisible(PAGE_LOAD);
  await expect(table.getByText(/@demo\.test/)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveCount(0);

  const filters = page.getByRole('form', { name: 'Audit filters' });
  await filters.getByLabel('Who').fill('picker@demo.test');
  await filters.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('No entries match.')).toBeVisible();

  // The API refuses another company's log outright.
  const other = await apiLogin(request, 'admin@other.test');
  const demo = await apiLogin(request, 'admin@demo.test');
  const companies = await request.get('/api/v1/audit?limit=1', {
    headers: bearer(demo.access_token),
  });
  const demoCompany = (await companies.json()).results[0].company_id as number;
  const refused = await request.get(`/api/v1/audit?company_id=${demoCompany}`, {
    headers: bearer(other.access_token),
  });
  expect(refused.status()).toBe(403);
});
