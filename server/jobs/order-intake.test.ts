import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../test/helpers';
import { bearerFor } from '../test/locations-support';
import { queueDueOrderIntakes } from '.';
import {
  addStore,
  bricklinkParts,
  drain,
  jobRow,
  readBrickOwlColours,
  requestOrderIntake,
  storeWithoutCredentials,
} from '../test/jobs';
import { marketplaceSuite } from '../test/marketplace-suite';

describeEachDialect('order intake', (dialect) => {
  const s = marketplaceSuite(dialect);
  let otherSyncer: string;
  /** A NEW part the demo company keeps, with its BrickLink ids. */
  let part: { id: number; bl: string; colour: number; boColour: number; mould: number };

  beforeAll(async () => {
    otherSyncer = await bearerFor(s.t.app, 'Other Bricks', ['bricksyncer']);
    const row = await bricklinkParts(s.t.app, s.demo)
      .select(['i.id', 'm.id as mould', 'm.bl_mold_id', 'c.bl_colour_id'])
      .where('i.condition', '=', 'NEW')
      .executeTakeFirstOrThrow();
    part = {
      id: Number(row.id),
      bl: row.bl_mold_id!,
      colour: Number(row.bl_colour_id),
      boColour: s.bo.colourFor(Number(row.bl_colour_id))!,
      mould: Number(row.mould),
    };
    await s.t.app.db
      .updateTable('moulds')
      .set({ brickowl_id: '771234' })
      .where('id', '=', part.mould)
      .execute();
  });

  const intake = (auth: string, store: number) => requestOrderIntake(s.t.app, auth, store);
  const pull = async (collection: string) => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/sync/pull?collection=${collection}&limit=5000`,
      headers: { authorization: s.picker },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { rows: Record<string, unknown>[] }).rows;
  };
  const ordersNumbered = (number: string) =>
    s.t.app.db.selectFrom('orders').selectAll().where('order_number', '=', number).execute();

  it("imports a BrickLink store's open orders once, for the pickers' devices", async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const order = {
      date_ordered: '2026-11-20T10:00:00.000Z',
      buyer_name: 'Bea Buyer',
      total_count: 5,
      unique_count: 2,
    };
    s.bl.addOrder({ ...order, order_id: 9100001, status: 'PAID' }, [
      [
        {
          inventory_id: 1,
          item: { no: part.bl, type: 'PART' },
          color_id: part.colour,
          quantity: 3,
          new_or_used: 'N',
          unit_price: '0.1250',
        },
        {
          inventory_id: 2,
          item: { no: 'zz-not-here', type: 'PART' },
          color_id: part.colour,
          quantity: 2,
          new_or_used: 'N',
          unit_price: '1.0000',
        },
      ],
    ]);
    s.bl.addOrder({ ...order, order_id: 9100002, status: 'SHIPPED' }, [[]]);

    const res = await intake(s.syncer, store);
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().id as number;
    expect(res.json()).toMatchObject({ kind: 'order_intake', status: 'queued', store_id: store });
    await drain(s.runner);
    expect(await jobRow(s.t.app, jobId)).toMatchObject({ status: 'done', progress_done: 1 });

    const [imported] = await ordersNumbered('9100001');
    expect(imported).toMatchObject({
      company_id: s.demo,
      store_id: store,
      store_platform: 'BRICKLINK',
      buyer_name: 'Bea Buyer',
      has_problem: 1,
      pickable: 1,
      picking_status_id: 2,
    });
    expect(imported.picker_issue).toContain('zz-not-here');
    expect(await ordersNumbered('9100002')).toEqual([]); // shipped: nothing to pick
    const lines = await s.t.app.db
      .selectFrom('order_items')
      .select(['item_id', 'quantity_ordered', 'unit_price'])
      .where('order_id', '=', imported.id)
      .execute();
    expect(lines).toEqual([{ item_id: part.id, quantity_ordered: 3, unit_price: 125 }]);
    expect((await pull('orders')).map((r) => r.id)).toContain(imported.id);
    expect((await pull('order_items')).map((r) => r.order_id)).toContain(imported.id);

    // Read again: still one order, and its items are not read again.
    const calls = s.bl.calls;
    await intake(s.syncer, store);
    await drain(s.runner);
    expect(await ordersNumbered('9100001')).toHaveLength(1);
    expect(s.bl.calls).toBe(calls + 1);
  });

  it("imports BrickOwl orders by BrickOwl id and BrickOwl's colour", async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    await readBrickOwlColours(s.t.app, s.syncer, s.runner, store);
    s.bo.addOrder({ order_id: '4400001', order_date: '1763632800', status: 'Payment Received' }, [
      {
        lot_id: '1',
        boid: `771234-${part.boColour}`, // BrickOwl writes a coloured item with its colour
        color_id: String(part.boColour),
        ordered_quantity: '4',
        base_price: '0.200',
        condition: 'New',
        full_con: 'new',
      },
    ]);
    await intake(s.syncer, store);
    await drain(s.runner);
    const [imported] = await ordersNumbered('4400001');
    expect(imported).toMatchObject({ store_platform: 'BRICKOWL', has_problem: 0 });
    const lines = await s.t.app.db
      .selectFrom('order_items')
      .select(['item_id', 'quantity_ordered'])
      .where('order_id', '=', imported.id)
      .execute();
    expect(lines).toEqual([{ item_id: part.id, quantity_ordered: 4 }]);
  });

  it("waits for the next day when the store's BrickLink day is used up, sending nothing", async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    await s.t.app.db
      .insertInto('marketplace_call_counts')
      .values({ store_id: store, day: new Date().toISOString().slice(0, 10), used: 5000 })
      .execute();
    const calls = s.bl.calls;
    const jobId = (await intake(s.syncer, store)).json().id as number;
    await drain(s.runner);
    const job = await jobRow(s.t.app, jobId);
    expect(job.status).toBe('queued');
    expect(job.error).toMatch(/daily budget of 5000 calls is used up/);
    expect(job.run_after.slice(0, 10)).not.toBe(new Date().toISOString().slice(0, 10));
    expect(s.bl.calls).toBe(calls);
  });

  it('queues scheduled intakes once per store and interval', async () => {
    await s.t.app.db.deleteFrom('jobs').where('kind', '=', 'order_intake').execute();
    const stores = await s.t.app.db
      .selectFrom('stores')
      .select('id')
      .where('credentials', '<>', '')
      .execute();
    expect(await queueDueOrderIntakes(s.t.app.db, 600_000)).toBe(stores.length);
    expect(await queueDueOrderIntakes(s.t.app.db, 600_000)).toBe(0);
  });

  it('leaves out a store whose credentials were refused, until they are edited or for a day', async () => {
    await s.t.app.db.deleteFrom('jobs').where('kind', '=', 'order_intake').execute();
    const store = await addStore(s.t.app, s.syncer, 'BRICKOWL', {
      api_key: 'not-the-right-key-0000',
    });
    const mine = () =>
      s.t.app.db
        .selectFrom('jobs')
        .select(['id', 'status', 'error'])
        .where('store_id', '=', store)
        .where('kind', '=', 'order_intake')
        .execute();
    await queueDueOrderIntakes(s.t.app.db, 600_000);
    await drain(s.runner);
    expect((await mine()).map((j) => j.status)).toEqual(['failed']);
    expect((await mine())[0].error).toMatch(/^The marketplace refused the store's credentials/);

    // The next intervals: no second failed job while nobody changed the store.
    const due = (everyMs: number) =>
      s.t.app.db
        .updateTable('jobs')
        .set({ created_at: new Date(Date.now() - everyMs - 1000).toISOString() })
        .where('store_id', '=', store)
        .execute();
    await due(600_000);
    await queueDueOrderIntakes(s.t.app.db, 600_000);
    expect(await mine()).toHaveLength(1);

    // Edited (new credentials): tried at the next interval.
    await s.t.app.db
      .updateTable('stores')
      .set({ updated_at: new Date().toISOString() })
      .where('id', '=', store)
      .execute();
    await queueDueOrderIntakes(s.t.app.db, 600_000);
    expect(await mine()).toHaveLength(2);
    await drain(s.runner);

    // Or a day after the refusal, in case it was the marketplace's own passing fault.
    await s.t.app.db
      .updateTable('stores')
      .set({ updated_at: new Date(Date.now() - 26 * 3600_000).toISOString() })
      .where('id', '=', store)
      .execute();
    await s.t.app.db
      .updateTable('jobs')
      .set({ finished_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('store_id', '=', store)
      .execute();
    await due(600_000);
    await queueDueOrderIntakes(s.t.app.db, 600_000);
    expect(await mine()).toHaveLength(3);
  });

  it('answers by role, company and credentials', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    expect((await intake(s.picker, store)).statusCode).toBe(403);
    const other = await intake(otherSyncer, store);
    expect(other.statusCode).toBe(404);
    expect(other.json().errors[0].detail).toBe('Store not found');
    const none = await intake(s.syncer, await storeWithoutCredentials(s.t.app, s.demo));
    expect(none.statusCode).toBe(400);
    const job = (await intake(s.syncer, store)).json().id as number;
    const get = (auth: string) =>
      s.t.app.inject({
        method: 'GET',
        url: `/api/v1/job?job_id=${job}`,
        headers: { authorization: auth },
      });
    expect((await get(s.syncer)).statusCode).toBe(200);
    expect((await get(s.picker)).statusCode).toBe(403);
    expect((await get(otherSyncer)).statusCode).toBe(404);
    const bad = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/job?job_id=abc',
      headers: { authorization: s.syncer },
    });
    expect(bad.statusCode).toBe(400);
  });
});
