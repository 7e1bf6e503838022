import { beforeAll, expect, it } from 'vitest';
import { Permission } from '../../../contract/permissions';
import { appSuite } from '../../test/app-suite';
import {
  describeEachDialect,
  grantPermission,
  loginAs,
  requester,
  revokePermission,
  userExists,
  userIdsByEmail,
} from '../../test/helpers';

/**
 * A company admin manages the users of their company up to their own rank: never a brick_admin,
 * never a user of another company; the platform's last brick_admin is never deleted.
 */
describeEachDialect('user administration by rank', (dialect) => {
  const s = appSuite(dialect, { demoAdmin: 'admin@demo.test', otherAdmin: 'admin@other.test' });
  let ids: Record<string, number>;
  const call = requester(() => s.t);
  const exists = (id: number) => userExists(s.t.app, id);
  const grantsOf = async (id: number) =>
    (
      await s.t.app.db
        .selectFrom('user_permissions')
        .select('permission_id')
        .where('user_id', '=', id)
        .orderBy('permission_id')
        .execute()
    ).map((r) => r.permission_id);

  beforeAll(async () => {
    ids = await userIdsByEmail(s.t.app);
  });

  it('refuses a company admin deleting or changing the platform admin', async () => {
    const platform = ids['platform@demo.test'];
    const del = await call('DELETE', `/api/user?user_id=${platform}`, s.demoAdmin);
    expect(del.statusCode).toBe(403);
    const grant = await grantPermission(s.t.app, s.demoAdmin, platform, Permission.picker);
    expect(grant.statusCode).toBe(403);
    const revoke = await revokePermission(s.t.app, s.demoAdmin, platform, Permission.admin);
    expect(revoke.statusCode).toBe(403);
    expect(await exists(platform)).toBe(true);
    expect(await grantsOf(platform)).toEqual([Permission.brick_admin]);
  });

  it('never reads an empty permission as permission 0', async () => {
    const picker = ids['picker@demo.test'];
    for (const empty of [null, '', false, [], {}]) {
      const res = await call('POST', '/api/user/permission', s.demoAdmin, {
        user_id: picker,
        permission_id: empty,
      });
      expect(res.statusCode, JSON.stringify(empty)).toBe(400);
    }
    const query = await call(
      'DELETE',
      `/api/user/permission?user_id=${picker}&permission_id=`,
      s.demoAdmin,
    );
    expect(query.statusCode).toBe(400);
    const noUser = await call('DELETE', '/api/user?user_id=', s.demoAdmin);
    expect(noUser.statusCode).toBe(400);
    expect(await grantsOf(picker)).toEqual([Permission.picker]);
  });

  it('leaves users of another company alone (404, as if they did not exist)', async () => {
    const picker = ids['picker@demo.test'];
    expect((await call('DELETE', `/api/user?user_id=${picker}`, s.otherAdmin)).statusCode).toBe(
      404,
    );
    const grant = await grantPermission(s.t.app, s.otherAdmin, picker, Permission.admin);
    expect(grant.statusCode).toBe(404);
    expect(await grantsOf(picker)).toEqual([Permission.picker]);
  });

  it('lets an admin manage an admin of the same rank', async () => {
    const sales = ids['sales@demo.test'];
    const grant = await grantPermission(s.t.app, s.demoAdmin, sales, Permission.admin);
    expect(grant.statusCode).toBe(200);
    const revoke = await revokePermission(s.t.app, s.demoAdmin, sales, Permission.admin);
    expect(revoke.statusCode).toBe(200);
  });

  it('never deletes the last brick_admin, even for a brick_admin who is also admin', async () => {
    const platform = ids['platform@demo.test'];
    // A second brick_admin who also administers Demo Bricks (given by the platform directly).
    const digi = ids['digi.user@demo.test'];
    await s.t.app.db
      .insertInto('user_permissions')
      .values([
        { user_id: digi, permission_id: Permission.brick_admin },
        { user_id: digi, permission_id: Permission.admin },
      ])
      .execute();
    const boss = await loginAs(s.t.app, 'digi.user@demo.test');
    const first = await call('DELETE', `/api/user?user_id=${platform}`, boss);
    expect(first.statusCode).toBe(200);
    expect(await exists(platform)).toBe(false);

    // digi.user is now the platform's only brick_admin: an admin of the company cannot remove them.
    const wmId = ids['warehouse@demo.test'];
    await s.t.app.db
      .insertInto('user_permissions')
      .values({ user_id: wmId, permission_id: Permission.admin })
      .execute();
    const wm = await loginAs(s.t.app, 'warehouse@demo.test');
    expect((await call('DELETE', `/api/user?user_id=${digi}`, wm)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/user?user_id=${digi}`, boss)).statusCode).toBe(400);
    expect(await exists(digi)).toBe(true);
  });
});
