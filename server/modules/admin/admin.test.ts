import { beforeAll, describe, expect, it } from 'vitest';
import { ADD_USER_EMPTY_EMAIL, ADD_USER_SUCCESS } from '../../../contract/admin';
import { appSuite } from '../../test/app-suite';
import {
  describeEachDialect,
  grantPermission,
  loginAs,
  mailbox,
  permissionIdsOf,
  postLogin,
  requester,
  revokePermission,
  userExists,
  userIdsByEmail,
} from '../../test/helpers';
import { logText } from './logs';
import { companyId } from '../../test/locations-support';

describeEachDialect('user administration', (dialect) => {
  const { mails, mailer } = mailbox();
  const s = appSuite(
    dialect,
    {
      demoAdmin: 'admin@demo.test',
      otherAdmin: 'admin@other.test',
    },
    { mailer },
  );
  let ids: Record<string, number>;

  const call = requester(() => s.t);

  const permissionsOf = (email: string) => permissionIdsOf(s.t.app, email);

  beforeAll(async () => {
    ids = await userIdsByEmail(s.t.app);
  });

  describe('role rules', () => {
    const routes: ['GET' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', '/api/user'],
      ['POST', '/api/user', { user_email: 'x@demo.test', user_name: 'X' }],
      ['DELETE', '/api/user?user_id=1'],
      ['POST', '/api/user/permission', { user_id: 1, permission_id: 3 }],
      ['DELETE', '/api/user/permission?user_id=1&permission_id=3'],
      ['GET', '/api/log'],
    ];
    it('answers 401 without a token', async () => {
      for (const [method, url, body] of routes) {
        expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      }
    });
    it('answers 403 to other roles', async () => {
      const picker = await loginAs(s.t.app, 'picker@demo.test');
      const platform = await loginAs(s.t.app, 'platform@demo.test');
      for (const [method, url, body] of routes) {
        expect((await call(method, url, picker, body)).statusCode, url).toBe(403);
        if (url !== '/api/log') {
          expect((await call(method, url, platform, body)).statusCode, url).toBe(403);
        }
      }
      expect(await permissionsOf('picker@demo.test')).toEqual([3]);
    });
  });

  it("lists only the caller's company's users, and its permissions without 0", async () => {
    const res = await call('GET', '/api/user', s.demoAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const emails = body.user_permissions.map((u: { user_email: string }) => u.user_email);
    expect(emails).toContain('picker@demo.test');
    expect(emails).not.toContain('admin@other.test');
    const picker = body.user_permissions.find(
      (u: { user_email: string }) => u.user_email === 'picker@demo.test',
    );
    expect(picker).toEqual({
      user_id: ids['picker@demo.test'],
      user_name: 'Pia Picker',
      user_email: 'picker@demo.test',
      permissions: [3],
    });
    expect(body.company_permissions.map((p: { permission_id: number }) => p.permission_id)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8],
    );
    expect(body.company_permissions[2]).toEqual({ permission_id: 3, description: 'picker' });

    const other = (await call('GET', '/api/user', s.otherAdmin)).json();
    expect(other.user_permissions.map((u: { user_email: string }) => u.user_email)).toEqual([
      'admin@other.test',
    ]);
  });

  describe('adding a user', () => {
    it("refuses an empty e-mail with 'Please enter an email address.'", async () => {
      for (const payload of [{ user_email: '', user_name: 'Nobody' }, { user_email: '   ' }, {}]) {
        const res = await call('POST', '/api/user', s.demoAdmin, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].detail).toBe(ADD_USER_EMPTY_EMAIL);
      }
      expect(mails).toHaveLength(0);
    });

    it('invites the user, who sets a password with the link and signs in', async () => {
      const res = await call('POST', '/api/user', s.demoAdmin, {
        user_email: '  New.Filler@Demo.Test ',
        user_name: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ADD_USER_SUCCESS });

      const row = await s.t.app.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'new.filler@demo.test')
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('new.filler@demo.test');
      expect(row.password_hash).toBeNull();
      expect(row.company_id).toBe(await companyId(s.t.app, 'Demo Bricks'));
      expect(await permissionsOf('new.filler@demo.test')).toEqual([]);

      expect(mails).toHaveLength(1);
      expect(mails[0].to).toBe('new.filler@demo.test');
      const token = decodeURIComponent(mails[0].link!.split('/set_password/')[1]);
      const set = await call('POST', '/api/user/password_reset', `Bearer ${token}`, {
        password: 'a-good-new-password',
      });
      expect(set.statusCode).toBe(200);
      const login = await postLogin(s.t.app, 'new.filler@demo.test', 'a-good-new-password');
      expect(login.statusCode).toBe(200);

      const list = (await call('GET', '/api/user', s.demoAdmin)).json();
      expect(
        list.user_permissions.find(
          (u: { user_email: string }) => u.user_email === 'new.filler@demo.test',
        ).permissions,
      ).toEqual([]);
    });

    it('keeps the given name; an existing address answers 409 in the company, as new elsewhere', async () => {
      const ok = await call('POST', '/api/user', s.otherAdmin, {
        user_email: 'olga.helper@other.test',
        user_name: 'Olga Helper',
      });
      expect(ok.statusCode).toBe(200);
      const row = await s.t.app.db
        .selectFrom('users')
        .select('name')
        .where('email', '=', 'olga.helper@other.test')
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Olga Helper');

      const again = await call('POST', '/api/user', s.otherAdmin, {
        user_email: 'olga.helper@other.test',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0].detail).toMatch(/already exists/);
      // Demo Bricks' picker: the same answer as for a new address, and nothing created or sent.
      const elsewhere = await call('POST', '/api/user', s.otherAdmin, {
        user_email: 'PICKER@demo.test',
      });
      expect(elsewhere.statusCode).toBe(ok.statusCode);
      expect(elsewhere.json()).toEqual(ok.json());
      expect(mails).toHaveLength(1);
      const picker = await s.t.app.db
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', 'picker@demo.test')
        .executeTakeFirstOrThrow();
      expect(picker.company_id).not.toBe(
        (
          await s.t.app.db
            .selectFrom('users')
            .select('company_id')
            .where('email', '=', 'admin@other.test')
            .executeTakeFirstOrThrow()
        ).company_id,
      );
    });

    it('refuses an address that is not one', async () => {
      const res = await call('POST', '/api/user', s.demoAdmin, { user_email: 'not-an-address' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('permissions', () => {
    it('grants and revokes idempotently', async () => {
      const picker = ids['picker@demo.test'];
      for (let i = 0; i < 2; i++) {
        const res = await grantPermission(s.t.app, s.demoAdmin, picker, 5);
        expect(res.statusCode).toBe(200);
      }
      expect(await permissionsOf('picker@demo.test')).toEqual([3, 5]);
      for (let i = 0; i < 2; i++) {
        const res = await revokePermission(s.t.app, s.demoAdmin, picker, 5);
        expect(res.statusCode).toBe(200);
      }
      expect(await permissionsOf('picker@demo.test')).toEqual([3]);
    });

    it('never hands out permission 0, nor one the company does not hold', async () => {
      const picker = ids['picker@demo.test'];
      const zero = await grantPermission(s.t.app, s.demoAdmin, picker, 0);
      expect(zero.statusCode).toBe(403);
      expect(zero.json().errors[0].detail).toMatch(/brick_admin/);
      const revokeZero = await revokePermission(s.t.app, s.demoAdmin, ids['platform@demo.test'], 0);
      expect(revokeZero.statusCode).toBe(403);
      expect(await permissionsOf('platform@demo.test')).toEqual([0]);

      // Other Bricks does not hold permission 0; take 8 away too, then try to hand both out.
      const otherId = await companyId(s.t.app, 'Other Bricks');
      await s.t.app.db
        .deleteFrom('company_permissions')
        .where('company_id', '=', otherId)
        .where('permission_id', '=', 8)
        .execute();
      const res = await grantPermission(s.t.app, s.otherAdmin, ids['admin@other.test'], 8);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].detail).toBe('Your company does not hold permission 8.');
      const unknown = await grantPermission(s.t.app, s.otherAdmin, ids['admin@other.test'], 42);
      expect(unknown.statusCode).toBe(403);
      expect(await permissionsOf('admin@other.test')).toEqual([1]);
      await s.t.app.db
        .insertInto('company_permissions')
        .values({ company_id: otherId, permission_id: 8 })
        .execute();
    });

    it('refuses an admin removing their own admin permission', async () => {
      const res = await revokePermission(s.t.app, s.demoAdmin, ids['admin@demo.test'], 1);
      expect(res.statusCode).toBe(400);
      expect(await permissionsOf('admin@demo.test')).toEqual([1]);
    });

    it('validates the request', async () => {
      const res = await call('POST', '/api/user/permission', s.demoAdmin, { user_id: 'abc' });
      expect(res.statusCode).toBe(400);
      const q = await call('DELETE', '/api/user/permission?user_id=1', s.demoAdmin);
      expect(q.statusCode).toBe(400);
    });
  });

  describe('company boundaries', () => {
    it('an admin of another company cannot see, change or delete Demo Bricks users', async () => {
      const picker = ids['picker@demo.test'];
      const grant = await grantPermission(s.t.app, s.otherAdmin, picker, 2);
      expect(grant.statusCode).toBe(404);
      const revoke = await revokePermission(s.t.app, s.otherAdmin, picker, 3);
      expect(revoke.statusCode).toBe(404);
      const del = await call('DELETE', `/api/user?user_id=${picker}`, s.otherAdmin);
      expect(del.statusCode).toBe(404);
      // The same answer as for a user that does not exist at all.
      const ghost = await call('DELETE', '/api/user?user_id=999999', s.otherAdmin);
      expect(ghost.json()).toEqual(del.json());

      expect(await permissionsOf('picker@demo.test')).toEqual([3]);
      expect(await userExists(s.t.app, picker)).toBe(true);
    });
  });

  describe('deleting a user', () => {
    it('refuses to delete oneself', async () => {
      const res = await call('DELETE', `/api/user?user_id=${ids['admin@demo.test']}`, s.demoAdmin);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].detail).toBe('You cannot delete your own account.');
    });

    it('deletes a user of the company with their permissions and sessions', async () => {
      const id = ids['digi.user@demo.test'];
      await loginAs(s.t.app, 'digi.user@demo.test');
      const res = await call('DELETE', `/api/user?user_id=${id}`, s.demoAdmin);
      expect(res.statusCode).toBe(200);
      expect(await userExists(s.t.app, id)).toBe(false);
      expect(await permissionsOf('digi.user@demo.test')).toEqual([]);
      const tokens = await s.t.app.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('user_id', '=', id)
        .execute();
      expect(tokens).toEqual([]);
      const login = await postLogin(s.t.app, 'digi.user@demo.test', 'demo-password');
      expect(login.statusCode).toBe(401);
      expect((await call('DELETE', `/api/user?user_id=${id}`, s.demoAdmin)).statusCode).toBe(404);
    });
  });

  it('describes the routes in the OpenAPI docs', async () => {
    const paths = (await call('GET', '/api/docs/json')).json().paths;
    for (const path of ['/api/user', '/api/user/permission', '/api/log', '/api/company']) {
      expect(paths[path], path).toBeDefined();
    }
    expect(paths['/api/company/login'].post.tags).toEqual(['companies']);
  });

  describe('log download', () => {
    it('gives an admin only their own company’s lines, a brick admin everything', async () => {
      const demoCompany = await companyId(s.t.app, 'Demo Bricks');
      const otherCompany = await companyId(s.t.app, 'Other Bricks');
      await call('GET', '/api/user', s.demoAdmin);
      await call('GET', '/api/user', s.otherAdmin);

      const res = await call('GET', '/api/log', s.demoAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-logs\.txt"$/,
      );
      const lines = res.body.trim().split('\n');
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) expect(line).toContain(`"company_id":${demoCompany}`);
      expect(res.body).toContain('user invited');
      expect(res.body).not.toContain(`"company_id":${otherCompany}`);
      expect(res.body).not.toContain('olga.helper@other.test');

      const other = await call('GET', '/api/log', s.otherAdmin);
      expect(other.body).toContain('olga.helper@other.test');
      expect(other.body).not.toContain(`"company_id":${demoCompany}`);

      const all = await call('GET', '/api/log', await loginAs(s.t.app, 'platform@demo.test'));
      expect(all.statusCode).toBe(200);
      expect(all.body).toContain(`"company_id":${demoCompany}`);
      expect(all.body).toContain(`"company_id":${otherCompany}`);
      expect(all.body).toContain('demo companies loaded');
    });
  });
});

describe('log text', () => {
  const line = (o: object) => JSON.stringify({ level: 30, time: 0, pid: 1, hostname: 'h', ...o });
  it('filters by company and formats readable lines', () => {
    const raw = [
      line({ company_id: 1, msg: 'one' }),
      line({ company_id: 11, msg: 'eleven' }),
      line({ msg: 'startup' }),
      'not json',
      line({ company_id: 1, msg: 'two', extra: 'x' }),
    ].join('\n');
    expect(logText(raw, 1, 1e6)).toBe(
      '1970-01-01T00:00:00.000Z INFO  one {"company_id":1}\n' +
        '1970-01-01T00:00:00.000Z INFO  two {"company_id":1,"extra":"x"}\n',
    );
    expect(logText(raw, null, 1e6).split('\n')).toHaveLength(6);
  });
  it('keeps the newest lines within the cap', () => {
    const raw = Array.from({ length: 100 }, (_, i) => line({ msg: `m${i}` })).join('\n');
    const text = logText(raw, null, 200);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(200);
    expect(text.trim().split('\n').at(-1)).toContain('m99');
    expect(text).not.toContain('m0 ');
  });
});
