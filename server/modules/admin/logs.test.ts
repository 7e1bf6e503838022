import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../../contract/permissions';
import { logFilePath, scrubSecrets } from '../../logging';
import { mailFileName } from '../../mail';
import { createTestApp, describeEachDialect, loginAs, type TestApp } from '../../test/helpers';
import { logText } from './logs';
import { companyId } from '../../test/locations-support';

/** The set-password tokens in the .eml files of DATA_DIR/mail (quoted-printable soft breaks undone). */
function mailedTokens(dataDir: string): string[] {
  const dir = join(dataDir, 'mail');
  return readdirSync(dir).flatMap((file) => {
    const text = readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, '');
    return [...text.matchAll(/\/set_password\/([A-Za-z0-9_-]{20,})/g)].map((m) => m[1]);
  });
}

describeEachDialect('the log keeps tokens and other companies out', (dialect) => {
  let t: TestApp;
  let platform: string;
  let demoAdmin: string;
  let otherCompanyId: number;
  const log = () => readFileSync(logFilePath(t.config.dataDir), 'utf8');
  const download = async (auth: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/log',
      headers: { authorization: auth },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    // No SMTP_URL: mails are written to DATA_DIR/mail. At debug every request has a line of its
    // own, the one that names the set-password page opened with the token in its path.
    t = await createTestApp(dialect, { smtpUrl: undefined, logLevel: 'debug' });
    platform = await loginAs(t.app, 'platform@demo.test');
    demoAdmin = await loginAs(t.app, 'admin@demo.test');
    otherCompanyId = await companyId(t.app, 'Other Bricks');
  });
  afterAll(() => t.close());

  it('writes 5 mails sent in the same moment to 5 files', async () => {
    const before = readdirSync(join(t.config.dataDir, 'mail')).length;
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.mailer.send({ to: 'same@demo.test', subject: `Mail ${i}`, text: `Body ${i}` }),
      ),
    );
    expect(readdirSync(join(t.config.dataDir, 'mail')).length).toBe(before + 5);
  });

  it('never logs a reset or invitation link, nor the token when the link is opened', async () => {
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { authorization: demoAdmin },
      payload: { user_email: 'invited.person@demo.test', user_name: 'Invited Person' },
    });
    expect(invite.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/login/password_reset',
      payload: { email: 'picker@demo.test' },
    });
    expect(reset.statusCode).toBe(200);
    let tokens: string[] = [];
    for (let i = 0; i < 50 && tokens.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 20)); // the reset mail is written after the answer
      tokens = mailedTokens(t.config.dataDir);
    }
    expect(tokens).toHaveLength(2);
    // The PWA's set-password page is requested with the token in its path.
    for (const token of tokens) {
      await t.app.inject({ method: 'GET', url: `/set_password/${token}` });
    }
    const text = log();
    expect(text).toContain('mail written to disk');
    expect(text).toContain('/set_password/[redacted]');
    for (const token of tokens) expect(text).not.toContain(token);
    const downloaded = await download(platform);
    expect(downloaded).toContain('mail written to disk');
    for (const token of tokens) expect(downloaded).not.toContain(token);
  });

  it('scrubs a link that an older version wrote to the log from the download', async () => {
    const line = {
      level: 30,
      time: Date.now(),
      msg: 'mail written to disk',
      link: 'https://warehouse.example/set_password/OLD-token-from-before_the_fix',
    };
    appendFileSync(logFilePath(t.config.dataDir), `${JSON.stringify(line)}\n`);
    const downloaded = await download(platform);
    expect(downloaded).toContain('/set_password/[redacted]');
    expect(downloaded).not.toContain('OLD-token-from-before_the_fix');
  });

  it('shows a company admin none of the platform admin’s work on other companies', async () => {
    const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { authorization: platform } });
    const permission = { company_id: otherCompanyId, permission_id: Permission.picker };
    expect(
      (
        await call(
          'DELETE',
          `/api/company/permission?company_id=${otherCompanyId}&permission_id=${Permission.picker}`,
        )
      ).statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/company/permission', permission)).statusCode).toBe(200);
    const temporary = await call('POST', '/api/company/login', { company_id: otherCompanyId });
    expect(temporary.statusCode).toBe(200);
    const support = temporary.json().email as string;

    const own = await download(demoAdmin);
    expect(own).toContain('"company_id":'); // the admin's own lines are there
    expect(own).not.toContain('company permission');
    expect(own).not.toContain('temporary login issued');
    expect(own).not.toContain(support);
    expect(own).not.toContain(`"target_company_id":${otherCompanyId}`);
    const all = await download(platform);
    expect(all).toContain('company permission revoked');
    expect(all).toContain('company permission granted');
    expect(all).toContain(support);
  });
});

describe('scrubbing and mail file names', () => {
  it('replaces tokens in links, bearer headers and query strings', () => {
    expect(scrubSecrets('"url":"/set_password/abc-DEF_123?x=1"')).toBe(
      '"url":"/set_password/[redacted]?x=1"',
    );
    expect(scrubSecrets('Authorization: Bearer eyJ.abc.def')).toBe(
      'Authorization: Bearer [redacted]',
    );
    expect(scrubSecrets('/api/x?refresh_token=abc&page=2')).toBe(
      '/api/x?refresh_token=[redacted]&page=2',
    );
    expect(scrubSecrets('nothing secret here')).toBe('nothing secret here');
  });

  it('gives mails of the same millisecond different, safe file names', () => {
    const now = new Date(0);
    const names = new Set(Array.from({ length: 100 }, () => mailFileName('a@b.test', now)));
    expect(names.size).toBe(100);
    expect(mailFileName('../../etc/x@y.test', now)).not.toContain('/');
  });

  it('keeps platform lines and lines about other companies from a company admin', () => {
    const line = (o: object) => JSON.stringify({ level: 30, time: 0, ...o });
    const raw = [
      line({ company_id: 1, msg: 'own' }),
      line({ company_id: 1, platform: true, msg: 'platform work' }),
      line({ company_id: 1, target_company_id: 2, msg: 'about company 2' }),
      line({ company_id: 1, target_company_id: 1, msg: 'about company 1' }),
    ].join('\n');
    const text = logText(raw, 1, 1e6);
    expect(text).toContain('own');
    expect(text).toContain('about company 1');
    expect(text).not.toContain('platform work');
    expect(text).not.toContain('about company 2');
    expect(logText(raw, null, 1e6)).toContain('platform work');
  });
});
