import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

/**
 * The Jobs screen with a real job: the e2e server's marketplaces sit at a closed local port, so an
 * order intake queued from the Stores list cannot reach BrickLink; the runner tries, then queues
 * the job again with the reason, and the screen (refreshing while the job waits) shows it.
 */
test('a bricksyncer follows an order intake on the Jobs screen: store, status and why it waits, on a phone too', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `E2E jobs store ${Date.now()}`;
  const syncer = await apiLogin(request, 'syncer@demo.test');
  const created = await request.post('/api/v2/stores', {
    headers: { ...bearer(syncer.access_token), 'content-type': 'application/vnd.api+json' },
    data: JSON.stringify({
      data: {
        type: 'stores',
        attributes: {
          name,
          platform: 'BRICKLINK',
          external_id: 'e2ejobs',
          credentials: {
            consumer_key: 'e2e-consumer-key-0001',
            consumer_secret: 'e2e-consumer-secret-0002',
            token_key: 'e2e-token-value-0003',
            token_secret: 'e2e-token-secret-0004',
          },
        },
      },
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const storeId = ((await created.json()) as { data: { id: string } }).data.id;

  try {
    await loginAs(page, 'syncer@demo.test');
    await page.goto('/bricksyncer/stores');
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'Import orders now' })
      .click();
    const notice = page.getByText(
      new RegExp(`^Importing the orders of ${name}: job \\d+, queued$`),
    );
    await expect(notice).toBeVisible();
    const jobId = Number(/job (\d+)/.exec((await notice.textContent()) ?? '')![1]);

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Jobs' })
      .click();
    await expect(page).toHaveURL(/\/bricksyncer\/jobs$/);
    await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
    const card = page.getByLabel(`Order intake job ${jobId}`);
    await expect(card.getByText(name)).toBeVisible();
    await expect(card.getByText('Order intake', { exact: true })).toBeVisible();
    // BrickLink cannot be reached: the job waits (queued again) and says why; the screen shows it
    // at one of its refreshes, without a reload.
    await expect(card.getByText(/^BrickLink could not be reached/)).toBeVisible({
      timeout: 45_000,
    });
    await expect(card.getByText('queued', { exact: true })).toBeVisible();
    await expect(card.getByText('Attempts: 1')).toBeVisible();

    // Filters: not among the failed jobs; among the order intakes.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await expect(card).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Queued' }).click();
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Order intake' }).click();
    await expect(card.getByText(name)).toBeVisible();

    // On a phone: the menu behind its button, the card within the screen's width.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/bricksyncer/stores');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Jobs' })
      .click();
    await expect(card.getByText(name)).toBeVisible();
    await expect(card.getByText(/^BrickLink could not be reached/)).toBeVisible();
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  } finally {
    const gone = await request.delete(`/api/v2/stores/${storeId}`, {
      headers: bearer(syncer.access_token),
    });
    expect(gone.status()).toBe(204);
  }
});
