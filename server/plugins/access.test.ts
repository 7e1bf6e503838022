import { expect, it } from 'vitest';
import { Permission } from '../../contract/permissions';
import { appSuite } from '../test/app-suite';
import { describeEachDialect, loginAs, revokePermission, userIdOf } from '../test/helpers';

describeEachDialect('access rules use what holds now, not what the token says', (dialect) => {
  const s = appSuite(dialect, { admin: 'admin@demo.test' });

  const userId = (email: string) => userIdOf(s.t.app, email);
  const ordersAs = (auth: string) =>
    s.t.app.inject({
      method: 'GET',
      url: '/api/v1/order?limit=1&page=1',
      headers: { authorization: auth },
    });

  it('refuses a revoked role at once, with the token issued before the change', async () => {
    const orders = await loginAs(s.t.app, 'orders@demo.test');
    expect((await ordersAs(orders)).statusCode).toBe(200);
    const ordersId = await userId('orders@demo.test');
    const revoke = await revokePermission(s.t.app, s.admin, ordersId, Permission.order_manager);
    expect(revoke.statusCode).toBe(200);
    expect((await ordersAs(orders)).statusCode).toBe(403);
  });

  it('refuses a deleted user at once', async () => {
    const syncer = await loginAs(s.t.app, 'syncer@demo.test');
    const before = await s.t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: syncer },
    });
    expect(before.statusCode).toBe(403);
    const removed = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/user?user_id=${await userId('syncer@demo.test')}`,
      headers: { authorization: s.admin },
    });
    expect(removed.statusCode).toBe(200);
    const after = await s.t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: syncer },
    });
    expect(after.statusCode).toBe(401);
  });
});
