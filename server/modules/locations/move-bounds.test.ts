import { afterAll, beforeAll, expect, it } from 'vitest';
import { INT_MAX } from '../../../contract/fields';
import { OrderMessages } from '../../../contract/orders';
import { createTestApp, describeEachDialect, loginAs, type TestApp } from '../../test/helpers';

/** A move that would merge more stock than the column holds is refused on both databases. */
describeEachDialect('moving stock within bounds', (dialect) => {
  let t: TestApp;
  let wm: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    wm = await loginAs(t.app, 'warehouse@demo.test');
  });
  afterAll(() => t.close());

  it('answers 409 instead of overflowing the merged stock', async () => {
    const db = t.app.db;
    const row = await db
      .selectFrom('location_content as lc')
      .innerJoin('users as u', 'u.company_id', 'lc.company_id')
      .select(['lc.location_id', 'lc.item_id', 'lc.company_id'])
      .where('u.email', '=', 'warehouse@demo.test')
      .where('lc.quantity', '>', 0)
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('locations')
      .select('id')
      .where('company_id', '=', row.company_id)
      .where('id', '<>', row.location_id)
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/location_content?location_id=${other.id}&item_id=${row.item_id}`,
      headers: { authorization: wm },
      payload: { quantity: 5 },
    });
    expect(put.statusCode).toBe(200);
    await db
      .updateTable('location_content')
      .set({ quantity: INT_MAX - 1 })
      .where('location_id', '=', row.location_id)
      .where('item_id', '=', row.item_id)
      .execute();
    const move = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/move_location_content?item_id=${row.item_id}&from_location_id=${row.location_id}&into_location_id=${other.id}`,
      headers: { authorization: wm },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().errors[0].detail).toBe(OrderMessages.stockTooLarge);
  });
});
