import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthMessages, LoginResponse } from '../../../contract/auth';
import { Permission } from '../../../contract/permissions';
import { hashPassword } from '../../auth/passwords';
import { verifyAccessToken } from '../../auth/tokens';
import { DEMO_PASSWORD } from '../../seed';
import { basic, createTestApp, describeEachDialect, type TestApp } from '../../test/helpers';

describeEachDialect('POST /api/login', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.db.deleteFrom('login_failures').execute();
  });

  const login = (authorization: string | undefined, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: authorization === undefined ? {} : { authorization },
      remoteAddress: ip,
    });

  it('signs in with Basic credentials and answers the session fields', async () => {
    const res = await login(basic('picker@demo.test', DEMO_PASSWORD));
    expect(res.statusCode).toBe(200);
    const body = LoginResponse.parse(res.json());
    expect(body.token_type).toBe('Bearer');
    expect(body.permissions).toEqual([Permission.picker]);
    expect(body.user).toMatchObject({
      name: 'Pia Picker',
      email: 'picker@demo.test',
      company_name: 'Demo Bricks',
    });
    const expires = Date.parse(body.expires_at) - Date.now();
    expect(expires).toBeGreaterThan((t.config.accessTokenTtlSeconds - 60) * 1000);
    expect(expires).toBeLessThanOrEqual(t.config.accessTokenTtlSeconds * 1000);
    expect(Date.parse(body.refresh_expires_at)).toBeGreaterThan(Date.parse(body.expires_at));
    const claims = await verifyAccessToken(t.config.jwtSecret, body.access_token);
    expect(claims).toEqual({
      id: body.user.id,
      companyId: body.user.company_id,
      permissions: [Permission.picker],
    });
    // Only the hash of the refresh token is stored.
    const stored = await t.app.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('user_id', '=', body.user.id)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((s) => s.token_hash)).not.toContain(body.refresh_token);
  });

  it('compares the e-mail case-insensitively', async () => {
    const res = await login(basic('  Picker@DEMO.test ', DEMO_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('picker@demo.test');
  });

  it('puts only the permissions the company also holds in the token', async () => {
    const other = await t.app.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'admin@other.test')
      .executeTakeFirstOrThrow();
    // Other Bricks does not hold brick_admin: granting it to the user must not reach the token.
    await t.app.db
      .insertInto('user_permissions')
      .values({ user_id: other.id, permission_id: Permission.brick_admin })
      .execute();
    const res = await login(basic('admin@other.test', DEMO_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions).toEqual([Permission.admin]);
    const claims = await verifyAccessToken(t.config.jwtSecret, res.json().access_token);
    expect(claims?.permissions).toEqual([Permission.admin]);
    expect(claims?.companyId).toBe(other.company_id);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const wrong = await login(basic('picker@demo.test', 'not-the-password'));
    const unknown = await login(basic('nobody@demo.test', DEMO_PASSWORD));
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].detail).toBe('Invalid e-mail or password.');
    }
  });

  it('answers 400 (never 500) to a missing or malformed Basic header', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, AuthMessages.missingBasic],
      ['', AuthMessages.missingBasic],
      ['Basic', AuthMessages.missingBasic],
      ['Basic !!!not-base64!!!', AuthMessages.missingBasic],
      [`Basic ${Buffer.from('no-colon-here').toString('base64')}`, AuthMessages.missingBasic],
      ['Bearer abc.def.ghi', AuthMessages.missingBasic],
      [basic('', 'secret'), AuthMessages.emailRequired],
      [basic('picker@demo.test', ''), AuthMessages.passwordRequired],
    ];
    for (const [header, message] of cases) {
      const res = await login(header);
      expect(res.statusCode, String(header)).toBe(400);
      expect(res.json().errors[0].detail).toBe(message);
    }
  });

  it('accepts a password that contains colons', async () => {
    const hash = await hashPassword('a:b:c-password');
    await t.app.db
      .updateTable('users')
      .set({ password_hash: hash })
      .where('email', '=', 'sales@demo.test')
      .execute();
    expect((await login(basic('sales@demo.test', 'a:b:c-password'))).statusCode).toBe(200);
  });

  it('refuses a temporary password after it expired, and accepts it before', async () => {
    const set = (at: string) =>
      t.app.db
        .updateTable('users')
        .set({ password_expires_at: at })
        .where('email', '=', 'orders@demo.test')
        .execute();
    await set(new Date(Date.now() + 60_000).toISOString());
    expect((await login(basic('orders@demo.test', DEMO_PASSWORD))).statusCode).toBe(200);
    await set(new Date(Date.now() - 1000).toISOString());
    const res = await login(basic('orders@demo.test', DEMO_PASSWORD));
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].detail).toBe(AuthMessages.passwordExpired);
  });

  describe('rate limiting of failed sign-ins', () => {
    it('locks the account after 5 failures with 429 and Retry-After, even for the right password', async () => {
      for (let i = 0; i < 5; i++) {
        expect(
          (await login(basic('syncer@demo.test', `wrong-${i}`), `10.1.0.${i}`)).statusCode,
        ).toBe(401);
      }
      const locked = await login(basic('syncer@demo.test', DEMO_PASSWORD), '10.1.1.1');
      expect(locked.statusCode).toBe(429);
      const retry = Number(locked.headers['retry-after']);
      expect(retry).toBeGreaterThan(14 * 60);
      expect(retry).toBeLessThanOrEqual(15 * 60);
      expect(locked.json().errors[0].detail).toBe(
        'Too many failed login attempts. Please try again in 15 minutes.',
      );
      expect(locked.json().errors[0].code).toBe('too_many_requests');
      // Another account from the same addresses is not affected.
      expect((await login(basic('picker@demo.test', DEMO_PASSWORD), '10.1.0.1')).statusCode).toBe(
        200,
      );
      // When the window has passed, the account opens again.
      await t.app.db
        .updateTable('login_failures')
        .set({ window_start: new Date(Date.now() - 16 * 60_000).toISOString() })
        .where('key', '=', 'login:account:syncer@demo.test')
        .execute();
      expect((await login(basic('syncer@demo.test', DEMO_PASSWORD))).statusCode).toBe(200);
    });

    it('clears the account counter on a successful sign-in', async () => {
      for (let i = 0; i < 4; i++) {
        expect((await login(basic('digi.user@demo.test', 'wrong'))).statusCode).toBe(401);
      }
      expect((await login(basic('digi.user@demo.test', DEMO_PASSWORD))).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) {
        expect((await login(basic('digi.user@demo.test', 'wrong'))).statusCode).toBe(401);
      }
      expect((await login(basic('digi.user@demo.test', DEMO_PASSWORD))).statusCode).toBe(200);
    });

    it('limits one client address to 30 failures over all accounts', async () => {
      for (let i = 0; i < 30; i++) {
        const res = await login(basic(`guess${i}@demo.test`, 'wrong'), '192.0.2.7');
        expect(res.statusCode).toBe(401);
      }
      const blocked = await login(basic('picker@demo.test', DEMO_PASSWORD), '192.0.2.7');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(basic('picker@demo.test', DEMO_PASSWORD), '192.0.2.8')).statusCode).toBe(
        200,
      );
    });
  });

  it('lists the auth routes in the OpenAPI docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths;
    for (const p of [
      '/api/login',
      '/api/login/refresh',
      '/api/logout',
      '/api/login/password_reset',
      '/api/user/password_reset',
    ]) {
      expect(paths[p]?.post?.tags, p).toEqual(['auth']);
    }
  });
});
