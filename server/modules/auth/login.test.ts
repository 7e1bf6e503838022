import { beforeEach, describe, expect, it } from 'vitest';
import { AuthMessages, LoginResponse } from '../../../contract/auth';
import { Permission } from '../../../contract/permissions';
import { hashPassword } from '../../auth/passwords';
import { createEmailToken } from './email-links';
import { verifyAccessToken } from '../../auth/tokens';
import { DEMO_PASSWORD } from '../../seed';
import { appSuite } from '../../test/app-suite';
import { basic, describeEachDialect, userIdOf } from '../../test/helpers';

describeEachDialect('POST /api/login', (dialect) => {
  const s = appSuite(dialect);
  beforeEach(async () => {
    await s.t.app.db.deleteFrom('login_failures').execute();
  });

  const login = (authorization: string | undefined, ip = '10.0.0.1') =>
    s.t.app.inject({
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
    expect(expires).toBeGreaterThan((s.t.config.accessTokenTtlSeconds - 60) * 1000);
    expect(expires).toBeLessThanOrEqual(s.t.config.accessTokenTtlSeconds * 1000);
    expect(Date.parse(body.refresh_expires_at)).toBeGreaterThan(Date.parse(body.expires_at));
    const claims = await verifyAccessToken(s.t.config.jwtSecret, body.access_token);
    expect(claims).toEqual({
      id: body.user.id,
      companyId: body.user.company_id,
      permissions: [Permission.picker],
      generation: 0,
      expiresAt: expect.any(Number),
    });
    // Only the hash of the refresh token is stored.
    const stored = await s.t.app.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('user_id', '=', body.user.id)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => row.token_hash)).not.toContain(body.refresh_token);
  });

  it('compares the e-mail case-insensitively', async () => {
    const res = await login(basic('  Picker@DEMO.test ', DEMO_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('picker@demo.test');
  });

  it('puts only the permissions the company also holds in the token', async () => {
    const other = await s.t.app.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'admin@other.test')
      .executeTakeFirstOrThrow();
    // Other Bricks does not hold brick_admin: granting it to the user must not reach the token.
    await s.t.app.db
      .insertInto('user_permissions')
      .values({ user_id: other.id, permission_id: Permission.brick_admin })
      .execute();
    const res = await login(basic('admin@other.test', DEMO_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions).toEqual([Permission.admin]);
    const claims = await verifyAccessToken(s.t.config.jwtSecret, res.json().access_token);
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
      // A NUL byte is in no stored address (and PostgreSQL refuses it in text).
      [basic('picker@demo.test\u0000', 'secret'), AuthMessages.missingBasic],
      [basic('picker@demo.test', 'pass\u0000word'), AuthMessages.missingBasic],
    ];
    for (const [header, message] of cases) {
      const res = await login(header);
      expect(res.statusCode, String(header)).toBe(400);
      expect(res.json().errors[0].detail).toBe(message);
    }
  });

  it('accepts a password that contains colons', async () => {
    const hash = await hashPassword('a:b:c-password');
    await s.t.app.db
      .updateTable('users')
      .set({ password_hash: hash })
      .where('email', '=', 'sales@demo.test')
      .execute();
    expect((await login(basic('sales@demo.test', 'a:b:c-password'))).statusCode).toBe(200);
  });

  it('refuses a temporary password after it expired, and accepts it before', async () => {
    const set = (at: string) =>
      s.t.app.db
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
    it('slows down the guessing address after 5 wrong passwords, never the owner elsewhere', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await login(basic('syncer@demo.test', `wrong-${i}`), '10.1.0.1')).statusCode).toBe(
          401,
        );
      }
      // The guessing address is refused, even with the right password.
      const slowed = await login(basic('syncer@demo.test', DEMO_PASSWORD), '10.1.0.1');
      expect(slowed.statusCode).toBe(429);
      const retry = Number(slowed.headers['retry-after']);
      expect(retry).toBeGreaterThan(14 * 60);
      expect(retry).toBeLessThanOrEqual(15 * 60);
      expect(slowed.json().errors[0].detail).toBe(
        'Too many failed login attempts. Please try again in 15 minutes.',
      );
      expect(slowed.json().errors[0].code).toBe('too_many_requests');
      // The real user, from their own address, signs in.
      expect((await login(basic('syncer@demo.test', DEMO_PASSWORD), '10.1.1.1')).statusCode).toBe(
        200,
      );
      // Another account from the guessing address is not affected.
      expect((await login(basic('picker@demo.test', DEMO_PASSWORD), '10.1.0.1')).statusCode).toBe(
        200,
      );
      // When the window has passed, the guessing address may try again.
      await s.t.app.db
        .updateTable('login_failures')
        .set({ window_start: new Date(Date.now() - 16 * 60_000).toISOString() })
        .where('key', '=', 'login:pair:syncer@demo.test|10.1.0.1')
        .execute();
      expect((await login(basic('syncer@demo.test', DEMO_PASSWORD), '10.1.0.1')).statusCode).toBe(
        200,
      );
    });

    it('counts each attempt before checking it: of 100 parallel guesses only 5 are checked', async () => {
      const guesses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login(basic('warehouse@demo.test', `wrong-${i}`), '10.2.0.1'),
        ),
      );
      const statuses = guesses.map((r) => r.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      for (const res of guesses.filter((r) => r.statusCode !== 401)) {
        // Refused unchecked: over the limit (429) or beyond the password-check queue (503).
        expect([429, 503]).toContain(res.statusCode);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Now the right password from that address is refused as well.
      expect(
        (await login(basic('warehouse@demo.test', DEMO_PASSWORD), '10.2.0.1')).statusCode,
      ).toBe(429);
      // Refused attempts were not counted against the account: its owner is not locked out.
      const account = await s.t.app.db
        .selectFrom('login_failures')
        .select('count')
        .where('key', '=', 'login:account:warehouse@demo.test')
        .executeTakeFirstOrThrow();
      expect(account.count).toBe(5);
      expect(
        (await login(basic('warehouse@demo.test', DEMO_PASSWORD), '10.2.0.2')).statusCode,
      ).toBe(200);
    });

    it('refuses the right password sent among 100 parallel wrong ones once the limit is reached', async () => {
      const wrong = Array.from({ length: 100 }, (_, i) =>
        login(basic('admin@demo.test', `wrong-${i}`), '10.3.0.1'),
      );
      const right = login(basic('admin@demo.test', DEMO_PASSWORD), '10.3.0.1');
      const answers = await Promise.all([...wrong, right]);
      const checked = answers.filter((r) => r.statusCode === 401 || r.statusCode === 200);
      expect(checked.length).toBeLessThanOrEqual(5);
      expect([429, 503]).toContain((await right).statusCode);
    });

    it('keeps a ceiling of 50 failures per account over all addresses', async () => {
      for (let a = 0; a < 10; a++) {
        const round = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            login(basic('digi.manager@demo.test', `wrong-${i}`), `10.4.${a}.1`),
          ),
        );
        expect(round.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
      }
      const ceiling = await login(basic('digi.manager@demo.test', DEMO_PASSWORD), '10.4.99.1');
      expect(ceiling.statusCode).toBe(429);
      expect(Number(ceiling.headers['retry-after'])).toBeGreaterThan(14 * 60);
    });

    it('forgets the failures from every address when a new password is set', async () => {
      for (let i = 0; i < 5; i++) {
        await login(basic('platform@demo.test', `wrong-${i}`), '10.5.0.1');
      }
      expect((await login(basic('platform@demo.test', DEMO_PASSWORD), '10.5.0.1')).statusCode).toBe(
        429,
      );
      const platformId = await userIdOf(s.t.app, 'platform@demo.test');
      const token = await createEmailToken(s.t.app.db, platformId, 'reset');
      const set = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/password_reset',
        headers: { authorization: `Bearer ${token}` },
        payload: { password: DEMO_PASSWORD },
      });
      expect(set.statusCode).toBe(200);
      expect((await login(basic('platform@demo.test', DEMO_PASSWORD), '10.5.0.1')).statusCode).toBe(
        200,
      );
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
    const res = await s.t.app.inject({ method: 'GET', url: '/api/docs/json' });
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
