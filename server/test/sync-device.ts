import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './helpers';

/** Test helpers of the outbox suites (not used by the server). */

/** An outbox entry as a device sends it. */
export interface Envelope {
  id: string;
  seq: number;
  name: string;
  args: unknown;
}

/** The server's answer to one entry of a push. */
export interface PushResult {
  id: string;
  status: string;
  code?: string;
  message?: string;
}

export interface SyncDevice {
  device: string;
  /** The next entry of this device's outbox (a new id unless `id` is given). */
  entry(name: string, args: unknown, id?: string): Envelope;
  /** Pushes `mutations` through the real route as `auth`; expects 200 and gives the results. */
  push(auth: string, mutations: Envelope[]): Promise<PushResult[]>;
  /** Pulls a page of `collection` from `cursor` as `auth`; expects 200 and gives the page. */
  pull<Page>(auth: string, collection: string, cursor: number): Promise<Page>;
}

/** A device syncing with `t`'s server: its own id and its own run of seq numbers. */
export function syncDevice(t: () => TestApp, device = `device-${randomUUID()}`): SyncDevice {
  let seq = 0;
  return {
    device,
    entry: (name, args, id = randomUUID()) => ({ id, seq: ++seq, name, args }),
    async push(auth, mutations) {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/v1/sync/push',
        headers: { authorization: auth },
        payload: { device_id: device, mutations },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results as PushResult[];
    },
    async pull<Page>(auth: string, collection: string, cursor: number) {
      const res = await t().app.inject({
        method: 'GET',
        url: `/api/v1/sync/pull?collection=${collection}&cursor=${cursor}`,
        headers: { authorization: auth },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    },
  };
}

/** The row keys of the company's tombstones in `collection`: the deletes its devices are told of. */
export async function tombstoneKeys(t: TestApp, companyId: number, collection: string) {
  const rows = await t.app.db
    .selectFrom('sync_tombstones')
    .select('row_key')
    .where('company_id', '=', companyId)
    .where('collection', '=', collection)
    .execute();
  return rows.map((r) => r.row_key);
}
