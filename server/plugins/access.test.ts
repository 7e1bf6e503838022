import { afterAll, beforeAll, expect, it } from 'vitest';
import { Permission } from '../../contract/permissions';
import {
  createTestApp,
  describeEachDialect,
  loginAs,
  revokePermission,
  type TestApp,
  userIdOf,
} from '../test/helpers';

describeEachDialect('access rules use what holds now, not what the token says', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await loginAs(t.app, 'admin@demo.test');
  });
  afterAll(() => t.close());

  const userId = (email: string) => userIdOf(t.app, email);
  const ordersAs = (auth: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/order?limit=1&page=1',
      headers: { authorization: auth },
    });

  it('refuses a revoked role at once, with the token issued before the change', async () => {
    const orders = await loginAs(t.app, 'orders@demo.test');
    expect((await ordersAs(orders)).statusCode).toBe(200);
    const ordersId = await userId('orders@demo.test');
    const revoke = await revokePermission(t.app, admin, ordersId, Permission.order_manager);
    expect(revoke.statusCode).toBe(200);
    expect((await ordersAs(orders)).statusCode).toBe(403);
  });

  it('refuses a deleted user at once', async () => {
    const syncer = await loginAs(t.app, 'syncer@demo.test');
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: syncer },
    });
    expect(before.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user?user_id=${await userId('syncer@demo.test')}`,
      headers: { authorization: admin },
    });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: syncer },
    });
    expect(after.statusCode).toBe(401);
  });
});
