import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuthMessages, RefreshResponse, type LoginResponse } from '../../../contract/auth';
import { Permission } from '../../../contract/permissions';
import { hashToken, verifyAccessToken } from '../../auth/tokens';
import { createTestApp, describeEachDialect, postLogin, type TestApp } from '../../test/helpers';

describeEachDialect('session refresh and logout', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function signIn(email = 'warehouse@demo.test'): Promise<LoginResponse> {
    const res = await postLogin(t.app, email);
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const refresh = (token: string, payload?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const logout = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
  /** Pretends the token was used `seconds` ago. */
  const usedAgo = (token: string, seconds: number) =>
    t.app.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - seconds * 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();

  it('rotates: a refresh answers a new access token and a new refresh token', async () => {
    const first = await signIn();
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = RefreshResponse.parse(res.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user).toEqual(first.user);
    expect(second.permissions).toEqual([Permission.warehouse_manager]);
    expect(await verifyAccessToken(t.config.jwtSecret, second.access_token)).toMatchObject({
      id: first.user.id,
    });
    // Both tokens belong to one family; the first is marked used.
    const rows = await t.app.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'used_at', 'token_hash'])
      .where('token_hash', 'in', [hashToken(first.refresh_token), hashToken(second.refresh_token)])
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.family_id)).size).toBe(1);
    const used = rows.find((r) => r.token_hash === hashToken(first.refresh_token));
    expect(used?.used_at).not.toBeNull();
    // The new refresh token works in turn.
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
  });

  it('accepts an empty body, even one labelled JSON, on refresh and logout', async () => {
    const s = await signIn();
    for (const payload of ['', '{}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login/refresh',
        headers: { authorization: `Bearer ${s.refresh_token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(200);
      s.refresh_token = res.json().refresh_token;
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${s.refresh_token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
  });

  it('answers the same successor to the old token while the successor is unused (lost answer)', async () => {
    const s = await signIn();
    const a = (await refresh(s.refresh_token)).json() as LoginResponse;
    // The answer was lost; the phone comes back online an hour later with the old token.
    await usedAgo(s.refresh_token, 3600);
    const again = await refresh(s.refresh_token);
    expect(again.statusCode).toBe(200);
    const b = RefreshResponse.parse(again.json());
    expect(b.refresh_token).toBe(a.refresh_token);
    expect(b.refresh_expires_at).toBe(a.refresh_expires_at);
    expect(await verifyAccessToken(t.config.jwtSecret, b.access_token)).toMatchObject({
      id: s.user.id,
    });
    // The successor goes on working: the session was never split.
    expect((await refresh(b.refresh_token)).statusCode).toBe(200);
  });

  it('gives 10 parallel presentations of one token the same successor: one live session', async () => {
    const s = await signIn();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(s.refresh_token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const tokens = new Set(answers.map((r) => (r.json() as LoginResponse).refresh_token));
    expect(tokens.size).toBe(1);
    const family = await t.app.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashToken(s.refresh_token))
      .executeTakeFirstOrThrow();
    const live = await t.app.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('family_id', '=', family.family_id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live.map((r) => r.token_hash)).toEqual([hashToken([...tokens][0])]);
  });

  it('revokes the whole family when the old token comes back after its successor was used', async () => {
    const s = await signIn();
    const next = (await refresh(s.refresh_token)).json() as LoginResponse;
    const after = (await refresh(next.refresh_token)).json() as LoginResponse;
    const reuse = await refresh(s.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().errors[0].detail).toBe(AuthMessages.sessionEnded);
    // The thief's (or the user's) newer tokens are dead too: the family is revoked.
    expect((await refresh(after.refresh_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await signIn();
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('ends the access tokens of the user at logout, on every device', async () => {
    const phone = await signIn('syncer@demo.test');
    const tablet = await signIn('syncer@demo.test');
    const read = (access: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/condition',
        headers: { authorization: `Bearer ${access}` },
      });
    expect((await read(phone.access_token)).statusCode).toBe(200);
    expect((await logout(phone.refresh_token)).statusCode).toBe(200);
    expect((await read(phone.access_token)).statusCode).toBe(401);
    // The tablet's access token stops too; its session goes on with a refresh.
    expect((await read(tablet.access_token)).statusCode).toBe(401);
    const renewed = (await refresh(tablet.refresh_token)).json() as LoginResponse;
    expect((await read(renewed.access_token)).statusCode).toBe(200);
    // Logging out of the ended session again does not sign the tablet out again.
    expect((await logout(phone.refresh_token)).statusCode).toBe(200);
    expect((await read(renewed.access_token)).statusCode).toBe(200);
  });

  it('refuses the logout of a token this server never issued with 401', async () => {
    const res = await logout('not-a-real-token');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].detail).toBe('Your session has ended. Please log in again.');
  });

  it('refuses unknown, expired and revoked refresh tokens with 401', async () => {
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
    const s = await signIn();
    await t.app.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(s.refresh_token))
      .execute();
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    // An access token is no refresh token.
    expect((await refresh(s.access_token)).statusCode).toBe(401);
  });

  it('answers 400 when the refresh call carries no bearer token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login/refresh', headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].detail).toBe(AuthMessages.missingBearer);
    }
  });

  it('reads permissions from the database at each refresh', async () => {
    const s = await signIn('digi.manager@demo.test');
    expect(s.permissions).toEqual([Permission.digibrick_manager]);
    await t.app.db
      .insertInto('user_permissions')
      .values({ user_id: s.user.id, permission_id: Permission.digibrick_user })
      .execute();
    const granted = (await refresh(s.refresh_token)).json() as LoginResponse;
    expect(granted.permissions).toEqual([Permission.digibrick_manager, Permission.digibrick_user]);
    await t.app.db
      .deleteFrom('user_permissions')
      .where('user_id', '=', s.user.id)
      .where('permission_id', '=', Permission.digibrick_manager)
      .execute();
    const revoked = (await refresh(granted.refresh_token)).json() as LoginResponse;
    expect(revoked.permissions).toEqual([Permission.digibrick_user]);
    const claims = await verifyAccessToken(t.config.jwtSecret, revoked.access_token);
    expect(claims?.permissions).toEqual([Permission.digibrick_user]);
    // A permission the company loses disappears as well.
    await t.app.db
      .deleteFrom('company_permissions')
      .where('company_id', '=', s.user.company_id)
      .where('permission_id', '=', Permission.digibrick_user)
      .execute();
    const companyLost = (await refresh(revoked.refresh_token)).json() as LoginResponse;
    expect(companyLost.permissions).toEqual([]);
    await t.app.db
      .insertInto('company_permissions')
      .values({ company_id: s.user.company_id, permission_id: Permission.digibrick_user })
      .execute();
  });

  it('ends the session of a user whose temporary password expired', async () => {
    const s = await signIn('sales@demo.test');
    await t.app.db
      .updateTable('users')
      .set({ password_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', s.user.id)
      .execute();
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    await t.app.db
      .updateTable('users')
      .set({ password_expires_at: null })
      .where('id', '=', s.user.id)
      .execute();
  });

  it('logs out: the family is revoked, and logging out again still answers 200', async () => {
    const s = await signIn('picker@demo.test');
    const next = (await refresh(s.refresh_token)).json() as LoginResponse;
    const other = await signIn('picker@demo.test');
    const out = await logout(next.refresh_token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: AuthMessages.loggedOut });
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    expect((await logout(next.refresh_token)).statusCode).toBe(200);
    // The same user's session on another device goes on.
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    const bare = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(bare.statusCode).toBe(400);
  });
});
