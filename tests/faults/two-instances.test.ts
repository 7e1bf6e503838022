// Two server processes on one PostgreSQL database behind a round-robin balancer, as a deployment
// with two instances runs: the exactly-once and limit rules must hold across both, since neither
// instance keeps state of its own. Skipped (with a warning from the global setup) when PostgreSQL
// is not reachable, unless REQUIRE_POSTGRES=1, which makes a missing server fail the run.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PickingMutation, PickingRejectCode } from '../../contract/mutations/picking';
import { PickingStatus } from '../../contract/orders';
import { openDatabase, type Db } from '../../server/db';
import { loginLimits } from '../../server/modules/auth/throttle';
import { makeFloor, makeOrder, orderItemId, type Floor } from '../../server/test/orders-fixture';
import { startBalancer, type Balancer } from '../support/balancer';
import { httpRequest, startServerProcess, type ServerProcess } from '../support/server-process';
import { createPostgresDb, type PostgresDb } from '../support/postgres-db';

const baseUrl = process.env.TEST_POSTGRES_URL;

interface Result {
  id: string;
  status: 'applied' | 'rejected' | 'failed';
  code?: string;
}

(baseUrl ? describe : describe.skip)('two server instances on one PostgreSQL', () => {
  let pgDb: PostgresDb;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let balancer: Balancer;
  let database: Db;
  let floor: Floor;
  const jwtSecret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    pgDb = await createPostgresDb(baseUrl!, 'bw_two');
    const url = pgDb.url;
    const env = { JWT_SECRET: jwtSecret, CREDENTIAL_KEY: randomBytes(32).toString('base64url') };
    // One after the other: the first migrates and loads the demo data, the second finds them.
    for (const seed of ['1', '0']) {
      const dataDir = mkdtempSync(join(tmpdir(), 'brick-two-'));
      dataDirs.push(dataDir);
      servers.push(
        await startServerProcess({
          dataDir,
          databaseUrl: url,
          env: { ...env, SEED_DEMO: seed },
        }),
      );
    }
    balancer = await startBalancer(servers.map((s) => ({ host: '127.0.0.1', port: s.port })));
    database = openDatabase({ databaseUrl: url, dataDir: dataDirs[0] });
    floor = await makeFloor(database.db, jwtSecret, 'Two Instances Bricks');
  }, 120_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.destroy();
    await pgDb?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** One mutation in a push of its own, from a device of its own, through the balancer. */
  const pushOne = async (auth: string, name: string, args: unknown): Promise<Result> => {
    const res = await httpRequest(`${balancer.url}/api/v1/sync/push`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        device_id: `two-${randomUUID()}`,
        mutations: [{ id: randomUUID(), seq: 1, name, args }],
      }),
    });
    expect(res.status).toBe(200);
    return (JSON.parse(res.body) as { results: Result[] }).results[0];
  };

  it('50 pickers claiming one order at once through both instances: exactly one wins', async () => {
    const orderId = await makeOrder(database.db, floor.companyId, {
      items: [[floor.items.a, 2]],
      pickingStatusId: PickingStatus.UNASSIGNED,
    });
    const pickers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => floor.as('picker', `claimer${i}`)),
    );
    const before = [...balancer.perTarget];
    const results = await Promise.all(
      pickers.map((p) => pushOne(p.auth, PickingMutation.claim, { order_id: orderId })),
    );
    expect(balancer.perTarget.map((n, i) => n - before[i])).toEqual([25, 25]);
    const winners = results.filter((r) => r.status === 'applied');
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.code === PickingRejectCode.orderTaken)).toHaveLength(49);
    const order = await database.db
      .selectFrom('orders')
      .select(['claimed_by_user_id', 'picking_status_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.picking_status_id).toBe(PickingStatus.BEING_PICKED);
    expect(pickers[results.indexOf(winners[0])].userId).toBe(order.claimed_by_user_id);
  });

  it('100 concurrent picks of a stock of 30 through both instances: 30 applied, never negative', async () => {
    const picker = await floor.as('picker', 'stock-picker');
    const orderId = await makeOrder(database.db, floor.companyId, {
      items: [[floor.items.a, 500]],
      pickingStatusId: PickingStatus.BEING_PICKED,
      claimedBy: picker.userId,
    });
    const stockRow = database.db
      .updateTable('location_content')
      .where('location_id', '=', floor.bins.a2b1)
      .where('item_id', '=', floor.items.a);
    await stockRow.set({ quantity: 30 }).execute();
    const args = {
      order_id: orderId,
      order_item_id: await orderItemId(database.db, orderId, floor.items.a),
      location_id: floor.bins.a2b1,
      quantity: 1,
    };
    const results = await Promise.all(
      Array.from({ length: 100 }, () => pushOne(picker.auth, PickingMutation.pick, args)),
    );
    expect(results.filter((r) => r.status === 'applied')).toHaveLength(30);
    expect(results.filter((r) => r.code === PickingRejectCode.stockInsufficient)).toHaveLength(70);
    const stock = await database.db
      .selectFrom('location_content')
      .select('quantity')
      .where('location_id', '=', floor.bins.a2b1)
      .where('item_id', '=', floor.items.a)
      .executeTakeFirstOrThrow();
    expect(stock.quantity).toBe(0);
    const item = await database.db
      .selectFrom('order_items')
      .select('quantity_picked')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(item.quantity_picked).toBe(30);
  });

  it('the sign-in limit counts the attempts made at both instances together', async () => {
    const email = 'picker@demo.test';
    const { pair } = loginLimits(email, '127.0.0.1');
    const attempts = pair.max * 4;
    const before = [...balancer.perTarget];
    const statuses = await Promise.all(
      Array.from({ length: attempts }, async () => {
        const res = await httpRequest(`${balancer.url}/api/login`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${email}:wrong-password`).toString('base64')}`,
          },
        });
        return res.status;
      }),
    );
    expect(balancer.perTarget.map((n, i) => n - before[i])).toEqual([attempts / 2, attempts / 2]);
    // Only as many wrong passwords as one address may try are checked, over both instances.
    expect(statuses.filter((s) => s === 401)).toHaveLength(pair.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(attempts - pair.max);
  });
});
