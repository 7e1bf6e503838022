import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeBrickLink, type FakeBrickLink } from '../../../tests/support/fake-bricklink';
import { addStore, jobRow } from '../../jobs/test-support';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/helpers';
import { bearerFor } from '../../test/locations-support';

describeEachDialect('jobs module', (dialect) => {
  let t: TestApp;
  let bl: FakeBrickLink;
  const saved = process.env.BRICKLINK_API_URL;

  beforeAll(async () => {
    bl = await startFakeBrickLink();
    process.env.BRICKLINK_API_URL = bl.url;
    t = await createTestApp(dialect, { jobRunner: true, orderIntakeMinutes: 0 });
  });
  afterAll(async () => {
    process.env.BRICKLINK_API_URL = saved;
    await t.close();
    await bl.close();
  });

  it("runs jobs in the server's own runner, started with it", async () => {
    const syncer = await bearerFor(t.app, 'Demo Bricks', ['bricksyncer']);
    const store = await addStore(t.app, syncer, 'BRICKLINK');
    bl.addOrder(
      {
        order_id: 9200001,
        date_ordered: '2026-11-21T09:00:00.000Z',
        buyer_name: 'Rob Runner',
        status: 'PENDING',
        total_count: 0,
        unique_count: 0,
      },
      [[]],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order_intake',
      headers: { authorization: syncer },
      payload: { store_id: store },
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().id as number;
    let status = '';
    for (let i = 0; i < 300 && status !== 'done' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await jobRow(t.app, id)).status;
    }
    expect(await jobRow(t.app, id)).toMatchObject({ status: 'done', claimed_by: null });
    const order = await t.app.db
      .selectFrom('orders')
      .select('buyer_name')
      .where('order_number', '=', '9200001')
      .executeTakeFirst();
    expect(order?.buyer_name).toBe('Rob Runner');
  });
});
