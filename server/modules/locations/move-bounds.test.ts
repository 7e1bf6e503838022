import { expect, it } from 'vitest';
import { INT_MAX } from '../../../contract/fields';
import { OrderMessages } from '../../../contract/orders';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect } from '../../test/helpers';

/** A move that would merge more stock than the column holds is refused on both databases. */
describeEachDialect('moving stock within bounds', (dialect) => {
  const s = appSuite(dialect, { wm: 'warehouse@demo.test' });

  it('answers 409 instead of overflowing the merged stock', async () => {
    const db = s.t.app.db;
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
    const put = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/location_content?location_id=${other.id}&item_id=${row.item_id}`,
      headers: { authorization: s.wm },
      payload: { quantity: 5 },
    });
    expect(put.statusCode).toBe(200);
    await db
      .updateTable('location_content')
      .set({ quantity: INT_MAX - 1 })
      .where('location_id', '=', row.location_id)
      .where('item_id', '=', row.item_id)
      .execute();
    const move = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/move_location_content?item_id=${row.item_id}&from_location_id=${row.location_id}&into_location_id=${other.id}`,
      headers: { authorization: s.wm },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().errors[0].detail).toBe(OrderMessages.stockTooLarge);
  });
});
