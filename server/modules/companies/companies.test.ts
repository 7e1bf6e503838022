import { beforeAll, describe, expect, it } from 'vitest';
import { supportEmail } from '../../../contract/admin';
import { appSuite } from '../../test/app-suite';
import {
  describeEachDialect,
  loginAs,
  permissionIdsOf,
  postLogin,
  requester,
  userIdOf,
} from '../../test/helpers';

describeEachDialect('company administration', (dialect) => {
  const s = appSuite(dialect, { platform: 'platform@demo.test' });
  let demoId: number;
  let otherId: number;

  const call = requester(() => s.t);

  async function companyPermissions(companyId: number): Promise<number[]> {
    const rows = await s.t.app.db
      .selectFrom('company_permissions')
      .select('permission_id')
      .where('company_id', '=', companyId)
      .orderBy('permission_id')
      .execute();
    return rows.map((r) => r.permission_id);
  }
  const userPermissions = (email: string) => permissionIdsOf(s.t.app, email);
  const login = (email: string, password: string) => postLogin(s.t.app, email, password);

  beforeAll(async () => {
    const companies = await s.t.app.db.selectFrom('companies').select(['id', 'name']).execute();
    demoId = companies.find((c) => c.name === 'Demo Bricks')!.id;
    otherId = companies.find((c) => c.name === 'Other Bricks')!.id;
  });

  describe('role rules', () => {
    const routes: ['GET' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', '/api/company'],
      ['POST', '/api/company/permission', { company_id: 2, permission_id: 0 }],
      ['DELETE', '/api/company/permission?company_id=2&permission_id=1'],
      ['POST', '/api/company/login', { company_id: 2 }],
    ];
    it('answers 401 without a token and 403 to admins and other roles', async () => {
      const admin = await loginAs(s.t.app, 'admin@demo.test');
      const picker = await loginAs(s.t.app, 'picker@demo.test');
      for (const [method, url, body] of routes) {
        expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
        expect((await call(method, url, admin, body)).statusCode, url).toBe(403);
        expect((await call(method, url, picker, body)).statusCode, url).toBe(403);
      }
      expect(await companyPermissions(otherId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const support = await s.t.app.db
        .selectFrom('users')
        .select('id')
        .where('email', 'like', 'support+%')
        .execute();
      expect(support).toEqual([]);
    });
  });

  it('lists every company with its permissions, and every permission including 0', async () => {
    const res = await call('GET', '/api/company', s.platform);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.company_permissions).toEqual([
      { company_id: demoId, company_name: 'Demo Bricks', permissions: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
      { company_id: otherId, company_name: 'Other Bricks', permissions: [1, 2, 3, 4, 5, 6, 7, 8] },
    ]);
    expect(body.global_permissions).toHaveLength(9);
    expect(body.global_permissions[0]).toEqual({ permission_id: 0, description: 'brick_admin' });
  });

  it('grants idempotently; revoking also takes the permission from the company’s users', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/api/company/permission', s.platform, {
        company_id: otherId,
        permission_id: 0,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await companyPermissions(otherId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);

    // Olga (Other Bricks) holds admin; Ada (Demo Bricks) too and must keep it.
    for (let i = 0; i < 2; i++) {
      const res = await call(
        'DELETE',
        `/api/company/permission?company_id=${otherId}&permission_id=1`,
        s.platform,
      );
      expect(res.statusCode).toBe(200);
    }
    expect(await companyPermissions(otherId)).toEqual([0, 2, 3, 4, 5, 6, 7, 8]);
    expect(await userPermissions('admin@other.test')).toEqual([]);
    expect(await userPermissions('admin@demo.test')).toEqual([1]);
    // Without the company's admin permission, Olga's new session carries no admin role.
    const olga = await loginAs(s.t.app, 'admin@other.test');
    expect((await call('GET', '/api/user', olga)).statusCode).toBe(403);

    await call('POST', '/api/company/permission', s.platform, {
      company_id: otherId,
      permission_id: 1,
    });
    await call(
      'DELETE',
      `/api/company/permission?company_id=${otherId}&permission_id=0`,
      s.platform,
    );
    await s.t.app.db
      .insertInto('user_permissions')
      .values({
        user_id: await userIdOf(s.t.app, 'admin@other.test'),
        permission_id: 1,
      })
      .execute();
    expect(await companyPermissions(otherId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses to take permission 0 from the brick admin’s own company', async () => {
    const res = await call(
      'DELETE',
      `/api/company/permission?company_id=${demoId}&permission_id=0`,
      s.platform,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].detail).toMatch(/own company/);
    expect(await companyPermissions(demoId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await userPermissions('platform@demo.test')).toEqual([0]);
  });

  it('answers unknown companies and permissions with 4xx, never 500', async () => {
    const noCompany = await call('POST', '/api/company/permission', s.platform, {
      company_id: 999999,
      permission_id: 1,
    });
    expect(noCompany.statusCode).toBe(404);
    const noPermission = await call('POST', '/api/company/permission', s.platform, {
      company_id: otherId,
      permission_id: 99,
    });
    expect(noPermission.statusCode).toBe(400);
    const bad = await call('DELETE', '/api/company/permission?company_id=x', s.platform);
    expect(bad.statusCode).toBe(400);
    const noLogin = await call('POST', '/api/company/login', s.platform, { company_id: 999999 });
    expect(noLogin.statusCode).toBe(404);
  });

  describe('temporary login', () => {
    it('creates a support admin whose temporary password works, scoped to that company', async () => {
      const res = await call('POST', '/api/company/login', s.platform, { company_id: otherId });
      expect(res.statusCode).toBe(200);
      const { random_string, email, expires_at } = res.json();
      expect(email).toBe(supportEmail(otherId));
      expect(random_string.length).toBeGreaterThanOrEqual(16);
      const hours = (Date.parse(expires_at) - Date.now()) / 3600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);

      const session = await login(email, random_string);
      expect(session.statusCode).toBe(200);
      expect(session.json().permissions).toEqual([1]);
      const users = await call('GET', '/api/user', `Bearer ${session.json().access_token}`);
      expect(users.statusCode).toBe(200);
      expect(
        users.json().user_permissions.map((u: { user_email: string }) => u.user_email),
      ).toEqual(['admin@other.test', email]);
    });

    it('resets the password on a second call; the first stops working', async () => {
      const first = (
        await call('POST', '/api/company/login', s.platform, { company_id: demoId })
      ).json();
      const session = (await login(first.email, first.random_string)).json();
      const second = (
        await call('POST', '/api/company/login', s.platform, { company_id: demoId })
      ).json();
      expect(second.random_string).not.toBe(first.random_string);
      expect((await login(first.email, first.random_string)).statusCode).toBe(401);
      expect((await login(second.email, second.random_string)).statusCode).toBe(200);
      // Sessions of the earlier password end too.
      const refresh = await s.t.app.inject({
        method: 'POST',
        url: '/api/login/refresh',
        headers: { authorization: `Bearer ${session.refresh_token}` },
      });
      expect(refresh.statusCode).toBe(401);
      const accounts = await s.t.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', first.email)
        .execute();
      expect(accounts).toHaveLength(1);
    });

    it('stops working after its expiry', async () => {
      const { email, random_string } = (
        await call('POST', '/api/company/login', s.platform, { company_id: otherId })
      ).json();
      await s.t.app.db
        .updateTable('users')
        .set({ password_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', email)
        .execute();
      const res = await login(email, random_string);
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].detail).toMatch(/expired/);
    });
  });
});
