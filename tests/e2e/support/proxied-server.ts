import type { Page } from '@playwright/test';
import { proxiedServer, type ProxiedServer } from '../../support/proxied-server';
import type { ServerProcess } from '../../support/server-process';
import { bearer, DEMO_PASSWORD, expect, test } from './fixtures';

/** Requests cut by the proxy are logged by Chromium as failed resources: expected in these specs. */
export const CUT_CONNECTION = /net::ERR_CONNECTION_(REFUSED|RESET|CLOSED)/;

/**
 * A spec file's own server (fresh data) reached through a fault proxy, so the spec can take the
 * server away with the Wi-Fi up. Registers the file's beforeAll/afterAll; read the fields in tests.
 */
export function useProxiedServer(name: string): ProxiedServer {
  const it = proxiedServer(name);
  test.beforeAll(() => it.start());
  test.afterAll(() => it.stop());
  return it;
}

/** An access token of `email`, straight from the server (not through the proxy). */
export async function serverToken(server: ServerProcess, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64')}`,
    },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** An order as the server answers it: the fields the proxied specs look at. */
export interface ServerOrder {
  order_id: number;
  picking_status_id: number;
  claimed_by_user_id?: number | null;
  pickable: number;
  has_problem: number;
}

/**
 * Order `id` as `token`'s user sees it, straight from the server (not through the proxy);
 * undefined when the server does not answer 200.
 */
export async function orderOnServer(
  server: ServerProcess,
  token: string,
  id: number,
): Promise<ServerOrder | undefined> {
  const res = await fetch(`${server.url}/api/v1/order?order_id=${id}`, {
    headers: bearer(token),
  });
  if (res.status !== 200) return undefined;
  const body = (await res.json()) as { results?: ServerOrder[] };
  return body.results?.[0];
}

/**
 * A picker signs in through the proxy, and the app is ready to work without the server: the
 * service worker controls the page and the first sync has ended.
 */
export async function pickerSignsIn(page: Page, proxyUrl: string, email: string): Promise<void> {
  await page.goto(`${proxyUrl}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Picker Orders' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  await expect(page.getByText(/Last sync/)).toBeVisible({ timeout: 20_000 });
}
