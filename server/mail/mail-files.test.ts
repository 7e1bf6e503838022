import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../test/helpers';
import { composeEml } from './eml';
import { lastMailReport } from './last';
import { readMail } from './read';

const PUBLIC_URL = 'https://warehouse.example.com/with/a/long/path/so/the/link/is/long';

describeEachDialect('mails written to DATA_DIR/mail', (dialect) => {
  let t: TestApp;
  const mailDir = () => join(t.config.dataDir, 'mail');

  beforeAll(async () => {
    t = await createTestApp(dialect, { smtpUrl: undefined, publicUrl: PUBLIC_URL });
  });
  afterAll(() => t.close());

  async function newestRaw(count: number): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const files = readdirSync(mailDir())
        .filter((f) => f.endsWith('.eml'))
        .sort();
      if (files.length >= count) return readFileSync(join(mailDir(), files.at(-1)!), 'utf8');
      await new Promise((r) => setTimeout(r, 20)); // the reset mail is written after the answer
    }
    throw new Error('no mail was written');
  }

  it('keeps the reset link on one line, and the link copied from the file works', async () => {
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/login/password_reset',
      payload: { email: 'picker@demo.test' },
    });
    expect(ask.statusCode).toBe(200);
    const raw = await newestRaw(1);
    expect(raw).toContain('Content-Transfer-Encoding: 8bit');
    expect(raw).toContain('Subject: Reset your Brick Warehouse password');
    // A person copies the line with the link, exactly as the file shows it.
    const line = raw.split('\n').find((l) => l.startsWith('https://'));
    expect(line).toMatch(/^https:\/\/warehouse\.example\.com\/with\/.*\/set_password\/[\w-]+$/);
    expect(line!.length).toBeGreaterThan(76); // longer than a quoted-printable line
    const token = line!.split('/').pop()!;
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/user/password_reset',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'a-new-picker-password' },
    });
    expect(set.statusCode).toBe(200);

    const report = lastMailReport(mailDir());
    expect(report.found).toBe(true);
    expect(report.text).toContain('Subject: Reset your Brick Warehouse password');
    expect(report.text).toContain('To:      picker@demo.test');
    expect(report.text).toContain(`  ${line}`);
  });

  it('shows the newest of several mails', async () => {
    await t.app.mailer.send({ to: 'a@demo.test', subject: 'First', text: 'No link here' });
    await new Promise((r) => setTimeout(r, 20));
    await t.app.mailer.send({
      to: 'b@demo.test',
      subject: 'Größere Lieferung',
      text: 'See https://warehouse.example.com/orders/7 and http://x.test/a?b=c.',
    });
    const report = lastMailReport(mailDir());
    expect(report.text).toContain('Subject: Größere Lieferung');
    expect(report.text).toContain(
      '  https://warehouse.example.com/orders/7\n  http://x.test/a?b=c.',
    );
  });
});

describe('npm run mail:last', () => {
  it('prints the newest mail of DATA_DIR, or says there is none', () => {
    const run = (dataDir: string) =>
      spawnSync('node_modules/.bin/tsx', ['server/mail/print-last.ts'], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
      });
    const none = run('/nonexistent-data-dir');
    expect(none.status).toBe(1);
    expect(none.stdout).toContain('No mail in /nonexistent-data-dir/mail yet');

    const dataDir = mkdtempSync(join(tmpdir(), 'bw-mail-'));
    try {
      mkdirSync(join(dataDir, 'mail'));
      const link = 'http://localhost:8080/set_password/the-token-of-the-newest-mail';
      const eml = composeEml({
        from: 'a@b.test',
        to: 'sales@demo.test',
        subject: 'Reset',
        text: link,
      });
      writeFileSync(join(dataDir, 'mail', 'newest.eml'), eml);
      const found = run(dataDir);
      expect(found.status).toBe(0);
      expect(found.stdout).toContain('Subject: Reset');
      expect(found.stdout).toContain(`Links:\n  ${link}\n`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the .eml a person reads', () => {
  it('writes the text unchanged, and a line too long for mail as base64', () => {
    const link = `https://warehouse.example/set_password/${'x'.repeat(120)}`;
    const eml = composeEml({ from: 'A <a@b.test>', to: 'c@d.test', subject: 'Hi', text: link });
    expect(eml.split('\n')).toContain(link);
    expect(readMail(eml).links).toEqual([link]);

    const long = `start ${'y'.repeat(1200)} https://e.test/z`;
    const wrapped = composeEml({ from: 'a@b.test', to: 'c@d.test', subject: 'S', text: long });
    expect(wrapped).toContain('Content-Transfer-Encoding: base64');
    expect(readMail(wrapped).text.trim()).toBe(long);
  });

  it('keeps a line break in the subject or recipient from starting a header', () => {
    const eml = composeEml({
      from: 'a@b.test',
      to: 'c@d.test\nBcc: evil@x.test',
      subject: 'Hello\r\nX-Injected: 1',
      text: 'body',
    });
    expect(eml).not.toMatch(/^Bcc:/m);
    expect(eml).not.toMatch(/^X-Injected:/m);
  });

  it('reads a quoted-printable mail written by an older version', () => {
    const raw = [
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'https://warehouse.example/set_password/abcdefghijklmnopqrstuvwxyz0123456789abcdefghij=',
      'klmnop',
    ].join('\n');
    const mail = readMail(raw);
    expect(mail.subject).toBe('Grüße');
    expect(mail.links).toEqual([
      'https://warehouse.example/set_password/abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnop',
    ]);
  });
});
