import { expect, it } from 'vitest';
import { LocationRoute } from '../../../contract/location-route';
import { describeEachDialect } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { crumbs, loadRoute } from '../locations/route';
import { makeOrder } from '../../test/orders-fixture';
import { recorder, sqlitePlans } from '../../test/query-plans';
import { findOrderItems, stockOf } from './queries';

describeEachDialect('picking route queries', (dialect) => {
  const s = floorSuite(dialect);

  it('loadRoute ranks and names its locations as the whole tree does, and leaves strangers out', async () => {
    const all = await s.t.app.db
      .selectFrom('locations')
      .select(['id', 'parent_id', 'name', 'code', 'sort_order'])
      .where('company_id', '=', s.f.companyId)
      .execute();
    const whole = new LocationRoute(all);
    const ids = [s.f.bins.a2b1, s.f.bins.a1b2, s.f.bins.a1b1];
    const part = await loadRoute(s.t.app.db, s.f.companyId, [...ids, 999_999_999]);
    expect([...ids].sort(part.byRoute)).toEqual([...ids].sort(whole.byRoute));
    for (const id of ids) {
      expect(part.crumb(id)).toBe(whole.crumb(id));
      expect(part.breadcrumb(id)).toEqual(whole.breadcrumb(id));
    }
    expect(part.has(999_999_999)).toBe(false);
    expect((await loadRoute(s.t.app.db, s.f.companyId + 1_000, ids)).size).toBe(0);
  });

  // SQLite without statistics prefers an index on company_id (every row of the company) over the
  // item, order or primary key; the reads of the picking route must not.
  // Defined for SQLite only (PostgreSQL plans by its statistics): no skipped case on PostgreSQL.
  const onSqlite = dialect === 'sqlite' ? it : () => undefined;
  onSqlite('reads stock, order items and breadcrumbs without scanning the company', async () => {
    const orderId = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 2]] });
    const { nodes, plugin } = recorder();
    const db = s.t.app.db.withPlugin(plugin);
    await findOrderItems(db, s.f.companyId, orderId);
    await stockOf(db, s.f.companyId, [s.f.items.a, s.f.items.b]);
    // 500 ids: as many as one breadcrumb query takes, where the planner's choice turns.
    const many = Array.from({ length: 500 }, (_, i) => s.f.bins.a1b1 + i);
    await crumbs(db, s.f.companyId, many);
    await loadRoute(db, s.f.companyId, many);
    expect(nodes).toHaveLength(4);
    for (const { sql, details } of await sqlitePlans(s.t.app.db, nodes)) {
      expect(details, sql).not.toMatch(/INDEX \w*company_id/);
    }
  });
});
