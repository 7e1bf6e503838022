import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuthMessages } from '../../../contract/auth';
import { hashToken } from '../../auth/tokens';
import { DEMO_PASSWORD } from '../../seed';
import {
  createTestApp,
  describeEachDialect,
  postLogin,
  type TestApp,
  userIdOf,
} from '../../test/helpers';
import { createEmailToken, sendSetPasswordMail } from './email-links';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

describeEachDialect('password reset by e-mail (real SMTP)', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, {
      smtpUrl: smtp.url,
      publicUrl: 'https://warehouse.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const login = (email: string, password: string) => postLogin(t.app, email, password);
  /** The stored row of a mailed token (only its hash is kept). */
  const tokenRow = (token: string) =>
    t.app.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
  const requestReset = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/login/password_reset', payload: payload as object });
  const setPassword = (token: string, password: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/password_reset',
      headers: { authorization: `Bearer ${token}` },
      payload: { password } as object,
    });
  const linkIn = (text: string) => {
    const m = /https:\/\/warehouse\.example\/set_password\/([A-Za-z0-9_-]+)/.exec(text);
    if (!m) throw new Error(`no link in mail:\n${text}`);
    return m[1];
  };

  it('resets a password end to end: request, mail, link, new password, single use', async () => {
    const session = (await login('picker@demo.test', DEMO_PASSWORD)).json();
    const res = await requestReset({ email: 'Picker@Demo.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message:
        'An email has been sent. If you have not received any mail, please make sure to check your spam folder.',
    });
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['picker@demo.test']);
    expect(mail.subject).toBe('Reset your Brick Warehouse password');
    const token = linkIn(mail.text);
    // Only the hash is stored, with the reset purpose and an hour to live.
    const row = await tokenRow(token);
    expect(row.purpose).toBe('reset');
    const ttl = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(ttl).toBe(3600 * 1000);

    const read = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/condition',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
    expect((await read()).statusCode).toBe(200);
    const set = await setPassword(token, 'a-brand-new-secret');
    expect(set.statusCode).toBe(200);
    // The access token issued before the new password stops at once.
    expect((await read()).statusCode).toBe(401);
    expect(set.json()).toEqual({ message: 'Your password has been updated, you can now log-in.' });

    expect((await login('picker@demo.test', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('picker@demo.test', 'a-brand-new-secret')).statusCode).toBe(200);
    // Every earlier session of the user ended.
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      headers: { authorization: `Bearer ${session.refresh_token}` },
    });
    expect(refresh.statusCode).toBe(401);
    // The link works once.
    const again = await setPassword(token, 'yet-another-secret');
    expect(again.statusCode).toBe(401);
    expect(again.json().errors[0].detail).toBe(AuthMessages.linkExpired);
    expect((await login('picker@demo.test', 'a-brand-new-secret')).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const before = smtp.received.length;
    const known = await requestReset({ email: 'sales@demo.test' });
    await smtp.nextMail();
    const unknown = await requestReset({ email: 'nobody@nowhere.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before + 1);
  });

  it('sends at most 5 reset mails an hour to one address, answering the same', async () => {
    const before = smtp.received.length;
    const bodies = new Set<string>();
    for (let i = 0; i < 7; i++) {
      const res = await requestReset({ email: 'admin@other.test' });
      expect(res.statusCode).toBe(200);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    for (let i = 0; i < 5; i++) await smtp.nextMail();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before + 5);
  });

  it('accepts an invitation token (7 days) from sendSetPasswordMail', async () => {
    const user = await t.app.db
      .selectFrom('users')
      .select(['id', 'email', 'name'])
      .where('email', '=', 'digi.user@demo.test')
      .executeTakeFirstOrThrow();
    await sendSetPasswordMail(t.app, user, 'invite');
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['digi.user@demo.test']);
    expect(mail.text).toContain('Hello Dirk Digi,');
    const token = linkIn(mail.text);
    const row = await tokenRow(token);
    expect(row.purpose).toBe('invite');
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(7 * 24 * 3600 * 1000);
    expect((await setPassword(token, 'invited-user-secret')).statusCode).toBe(200);
    expect((await login('digi.user@demo.test', 'invited-user-secret')).statusCode).toBe(200);
  });

  it('clears a temporary password expiry when a password is set', async () => {
    const user = await t.app.db
      .updateTable('users')
      .set({ password_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'syncer@demo.test')
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await createEmailToken(t.app.db, user.id, 'reset');
    expect((await setPassword(token, 'fresh-password')).statusCode).toBe(200);
    expect((await login('syncer@demo.test', 'fresh-password')).statusCode).toBe(200);
  });

  it('refuses expired, unknown and missing tokens with 401 and a clear message', async () => {
    const ordersId = await userIdOf(t.app, 'orders@demo.test');
    const token = await createEmailToken(t.app.db, ordersId, 'reset');
    await t.app.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    for (const bad of [token, 'unknown-token']) {
      const res = await setPassword(bad, 'some-new-password');
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].detail).toBe(AuthMessages.linkExpired);
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/user/password_reset',
      payload: { password: 'some-new-password' },
    });
    expect(none.statusCode).toBe(401);
    expect((await login('orders@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('validates the new password and leaves the token usable after a refusal', async () => {
    const warehouseId = await userIdOf(t.app, 'warehouse@demo.test');
    const token = await createEmailToken(t.app.db, warehouseId, 'reset');
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].detail).toContain(AuthMessages.passwordTooShort);
    const long = await setPassword(token, 'x'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].detail).toContain(AuthMessages.passwordTooLong);
    const wrongType = await setPassword(token, 12345678);
    expect(wrongType.statusCode).toBe(400);
    expect((await setPassword(token, 'long-enough-now')).statusCode).toBe(200);
  });

  it('answers 400 to bad request bodies and 413 to a body over 1 MB', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login/password_reset',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "picker@demo.test"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].detail).toEqual(expect.any(String));

    for (const payload of [{ email: 42 }, { email: ['a@b.c'] }, {}, { email: '   ' }]) {
      const res = await requestReset(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].detail).toEqual(expect.any(String));
    }
    const empty = await requestReset({ email: '' });
    expect(empty.json().errors[0].detail).toContain(AuthMessages.emailRequired);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login/password_reset',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors[0].detail).toBe('The request body is too large.');
  });
});
