import type { APIRequestContext } from '@playwright/test';
import { catalogOnDevice } from './support/catalog';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';
import { claimableOrder, UNASSIGNED } from './support/orders';

/**
 * The catalog on the device: after sign-in the catalog syncs in the background; with the network
 * gone (and after a reload offline) the picker's item card still shows the catalog's facts.
 */

/** Orders other browser tests use (picked, refused, problem, status, camera). */
const USED_ELSEWHERE = new Set([1, 3, 5, 21, 22]);

async function get<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: bearer(token) });
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** A pickable demo order no other spec relies on, unclaimed (counting up from 1). */
async function freeOrder(request: APIRequestContext, token: string): Promise<number> {
  return (await claimableOrder(request, token, { skip: USED_ELSEWHERE, fromFirst: true })).id;
}

/** The BrickLink numbers the catalog gives the order's moulds, read from the catalog chunks. */
async function brickLinkNumbers(request: APIRequestContext, token: string, orderId: number) {
  const { results } = await get<{ results: { mold_id: number }[] }>(
    request,
    token,
    `/api/v1/order/item?order_id=${orderId}`,
  );
  const wanted = new Set(results.map((i) => i.mold_id));
  const manifest = await get<{ chunks: { name: string; kind: string; hash: string }[] }>(
    request,
    token,
    '/api/v1/catalog/manifest',
  );
  const numbers: string[] = [];
  for (const c of manifest.chunks.filter((c) => c.kind === 'moulds')) {
    const chunk = await get<{ columns: string[]; rows: unknown[][] }>(
      request,
      token,
      `/api/v1/catalog/chunks/${c.name}?hash=${c.hash}`,
    );
    const id = chunk.columns.indexOf('id');
    const bl = chunk.columns.indexOf('bl_mold_id');
    for (const r of chunk.rows)
      if (wanted.has(r[id] as number) && r[bl]) numbers.push(String(r[bl]));
  }
  return numbers;
}

test('the picker item card shows catalog facts offline, also after a reload', async ({
  page,
  context,
  request,
}) => {
  const { access_token: token } = await apiLogin(request, 'picker@demo.test');
  const orderId = await freeOrder(request, token);
  const numbers = await brickLinkNumbers(request, token, orderId);
  expect(numbers.length).toBeGreaterThan(0);
  const fact = new RegExp(`BrickLink (${numbers.map((n) => n.replace(/\W/g, '\\$&')).join('|')})`);

  try {
    await loginAs(page, 'picker@demo.test');
    await expect(page.getByRole('heading', { name: 'Picker Orders' })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });
    await catalogOnDevice(page);

    await page.goto(`/order/${orderId}`);
    await page.getByRole('button', { name: 'Pick', exact: true }).click();
    await expect(page.getByText('Claimed', { exact: true })).toBeVisible({ timeout: 15_000 });

    await context.setOffline(true);
    await expect(page.getByLabel('Offline')).toBeVisible();
    const card = page.getByTestId('pick-item');
    await expect(card.getByTestId('catalog-facts')).toHaveText(fact);

    // A reload with the network off: the index is built again from the stored chunks.
    await page.reload();
    await expect(page.getByTestId('pick-item').getByTestId('catalog-facts')).toHaveText(fact);
  } finally {
    await context.setOffline(false);
    // Leave the order as it was for other specs: the order manager sets it back to unassigned.
    const { access_token: manager } = await apiLogin(request, 'orders@demo.test');
    const res = await request.put('/api/v1/order', {
      headers: bearer(manager),
      params: { order_id: String(orderId) },
      data: { picking_status_id: UNASSIGNED },
    });
    expect(res.status()).toBe(200);
  }
});
