import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FAKE_BRICKLINK_CREDENTIALS,
  blStoreCredentials,
  startFakeBrickLink,
  type FakeBrickLink,
} from '../support/fake-bricklink';
import { signIn, startServerProcess, type ServerProcess } from '../support/server-process';
import { apiLogin, bearer, DEMO_PASSWORD, expect, loginAs, test } from './support/fixtures';

/**
 * The Jobs screen with a real job: the e2e server's marketplaces sit at a closed local port, so an
 * order intake queued from the Stores list cannot reach BrickLink; the runner tries, then queues
 * the job again with the reason, and the screen (refreshing while the job waits) shows it.
 */
test('a bricksyncer follows an order intake on the Jobs screen: store, status and why it waits, on a phone too', async ({
  page,
  request,
}) => {
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

/**
 * Retry on the Jobs screen, against a server of its own whose BrickLink is the local fake: an
 * upload to a store with a wrong token secret fails with the reason; the bricksyncer fixes the
 * secret in Stores and presses Retry on the failed job; a new upload lands both lots once.
 */
test.describe('Retry of a failed upload', () => {
  let server: ServerProcess;
  let bricklink: FakeBrickLink;
  let dataDir: string;

  test.beforeAll(async () => {
    bricklink = await startFakeBrickLink();
    dataDir = mkdtempSync(join(tmpdir(), 'bw-retry-'));
    server = await startServerProcess({
      dataDir,
      env: { JOB_RUNNER: '1', ORDER_INTAKE_MINUTES: '0', BRICKLINK_API_URL: bricklink.url },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await bricklink?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A call to the server's API as the bricksyncer. */
  async function call(token: string, method: string, path: string, body: unknown) {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': path.startsWith('/v2/') ? 'application/vnd.api+json' : 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
    return JSON.parse(text) as Record<string, unknown>;
  }

  test('a bricksyncer fixes the store and retries the failed upload: every lot lands once', async ({
    page,
  }) => {
    const name = 'Retry Bricks on BrickLink';
    const c = FAKE_BRICKLINK_CREDENTIALS;
    const { access_token: token } = await signIn(server.url, 'syncer@demo.test');
    await call(token, 'POST', '/v2/stores', {
      data: {
        type: 'stores',
        attributes: {
          name,
          platform: 'BRICKLINK',
          external_id: 'retrybricks',
          credentials: { ...blStoreCredentials(), token_secret: 'a-wrong-token-secret-0001' },
        },
      },
    });
    const lot = { item_type_id: 'P', note_public: '', note_private: '', completeness: null };
    const { batch_id: batchId } = await call(token, 'POST', '/v1/new_sync_batch', {
      name: `Retry batch ${Date.now()}`,
      items: [
        {
          ...lot,
          bl_item_id: '3003',
          colour_id: 1,
          bsx_condition: 'N',
          condition: 'NEW',
          quantity: 12,
          price: 1250,
        },
        {
          ...lot,
          bl_item_id: '3710',
          colour_id: 85,
          bsx_condition: 'U',
          condition: 'GOOD',
          quantity: 7,
          price: 500,
        },
      ],
    });
    const { jobs } = await call(token, 'POST', `/v1/sync_batch_upload?batch_id=${batchId}`, {
      items: [],
    });
    const [failedId] = (jobs as { id: number }[]).map((j) => j.id);

    await page.goto(`${server.url}/`);
    await page.getByLabel('Email').fill('syncer@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/$/);
    await page.goto(`${server.url}/bricksyncer/jobs`);
    const failed = page.getByLabel(`Upload job ${failedId}`);
    await expect(failed.getByText('failed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(
      failed.getByText(/^The marketplace refused the store's credentials: check them in Stores/),
    ).toBeVisible();
    expect(bricklink.inventory.size).toBe(0);

    // Fix the token secret in Stores (the other credentials keep their stored values).
    await page.goto(`${server.url}/bricksyncer/stores`);
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.getByLabel('Token secret', { exact: true }).fill(c.tokenSecret);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Jobs' })
      .click();
    await failed.getByRole('button', { name: `Retry job ${failedId}` }).click();
    const notice = page.getByText(
      new RegExp(`^Upload of job ${failedId} retried: job \\d+, queued$`),
    );
    await expect(notice).toBeVisible();
    const retriedId = Number(/job (\d+), queued/.exec((await notice.textContent()) ?? '')![1]);
    const retried = page.getByLabel(`Upload job ${retriedId}`);
    await expect(retried.getByText('done', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(retried.getByText('2/2')).toBeVisible();
    await expect(retried.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
    await expect(failed.getByText('failed', { exact: true })).toBeVisible();

    const lots = [...bricklink.inventory.values()];
    expect(lots.map((l) => [l.item.no, l.color_id, l.quantity]).sort()).toEqual([
      ['3003', 1, 12],
      ['3710', 85, 7],
    ]);
    expect(lots.every((l) => /\[bw-\d+\]$/.test(l.remarks ?? ''))).toBe(true);
  });
});
