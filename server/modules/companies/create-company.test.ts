import { beforeAll, expect, it } from 'vitest';
import { CompanyMessages } from '../../../contract/admin';
import { AUDIT_OTHER_COMPANY, AuditListResponse } from '../../../contract/audit';
import { appSuite } from '../../test/app-suite';
import {
  companyIdsByName,
  describeEachDialect,
  loginAs,
  mailbox,
  postLogin,
  requester,
} from '../../test/helpers';

/** Company creation by the platform admin, and the audit log's filters. */
describeEachDialect('new companies and the audit filters', (dialect) => {
  const { mails, mailer } = mailbox();
  const s = appSuite(
    dialect,
    {
      platform: 'platform@demo.test',
      demoAdmin: 'admin@demo.test',
      otherAdmin: 'admin@other.test',
    },
    { mailer },
  );
  let companies: Record<string, number>;

  const call = requester(() => s.t);
  const audit = async (auth: string, query: string): Promise<AuditListResponse> => {
    const res = await call('GET', `/api/v1/audit?${query}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return AuditListResponse.parse(res.json());
  };

  beforeAll(async () => {
    companies = await companyIdsByName(s.t.app);
  });

  it('creates a company whose invited admin sets a password and runs it', async () => {
    const res = await call('POST', '/api/company', s.platform, {
      name: '  Third Bricks ',
      admin_email: 'Boss@Third.test',
      admin_name: 'Tess Third',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CompanyMessages.created('Third Bricks', 'boss@third.test'));
    const companyId = res.json().company_id as number;

    expect(mails.map((m) => m.to)).toEqual(['boss@third.test']);
    const token = decodeURIComponent(mails[0].link!.split('/set_password/')[1]);
    const set = await call('POST', '/api/user/password_reset', `Bearer ${token}`, {
      password: 'a-good-new-password',
    });
    expect(set.statusCode, set.body).toBe(200);
    const boss = await loginAs(s.t.app, 'boss@third.test', 'a-good-new-password');
    const users = await call('GET', '/api/user', boss);
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json().user_permissions).toHaveLength(1);

    // Audited, in the new company's log and in the platform's, never in another company's.
    const mine = await audit(s.platform, `action=company_created&company_id=${companyId}`);
    expect(mine.results[0]).toMatchObject({
      action: 'company_created',
      company_id: companyId,
      actor_email: 'platform@demo.test',
      target_email: 'boss@third.test',
    });
    expect(mine.results[0].detail).toContain('"Third Bricks"');
    expect((await audit(boss, 'action=company_created')).count).toBe(1);
    expect((await audit(s.otherAdmin, 'action=company_created')).count).toBe(0);
  });

  it('refuses a taken name or address, an empty name, and everyone but the platform admin', async () => {
    const create = (auth: string, body: object) => call('POST', '/api/company', auth, body);
    const taken = await create(s.platform, { name: 'demo bricks', admin_email: 'new@x.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].detail).toBe(CompanyMessages.nameTaken('demo bricks'));
    const used = await create(s.platform, { name: 'Fourth', admin_email: 'admin@other.test' });
    expect(used.statusCode).toBe(409);
    expect((await create(s.platform, { name: ' ', admin_email: 'a@b.test' })).statusCode).toBe(400);
    expect((await create(s.platform, { name: 'Fifth', admin_email: 'nope' })).statusCode).toBe(400);
    expect(
      (await create(s.platform, { name: 'x'.repeat(201), admin_email: 'a@b.test' })).statusCode,
    ).toBe(400);
    for (const auth of [s.demoAdmin, s.otherAdmin, await loginAs(s.t.app, 'picker@demo.test')]) {
      expect((await create(auth, { name: 'Sixth', admin_email: 's@x.test' })).statusCode).toBe(403);
    }
    expect(mails).toHaveLength(0);
    const names = await s.t.app.db.selectFrom('companies').select('name').execute();
    expect(names.map((n) => n.name).sort()).toEqual([
      'Demo Bricks',
      'Other Bricks',
      'Third Bricks',
    ]);
  });

  it('filters the log by who, action and days; a company admin reads only their company', async () => {
    for (const password of ['wrong-1', 'wrong-2']) {
      await postLogin(s.t.app, 'Picker@Demo.test', password);
    }
    const failed = await audit(s.demoAdmin, 'who=PICKER@demo&action=sign_in_failed');
    expect(failed.count).toBe(2);
    expect(failed.results.every((e) => e.action === 'sign_in_failed')).toBe(true);
    // `%` and `_` are matched as they are, not as wildcards.
    expect((await audit(s.demoAdmin, 'who=%25')).count).toBe(0);
    expect((await audit(s.demoAdmin, 'who=picker_demo')).count).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const all = await audit(s.demoAdmin, '');
    expect((await audit(s.demoAdmin, `from=${today}&to=${today}`)).count).toBe(all.count);
    expect((await audit(s.demoAdmin, 'to=2001-01-01')).count).toBe(0);
    expect((await audit(s.demoAdmin, 'from=2999-01-01')).count).toBe(0);

    // A company admin: own company only, whatever they ask for.
    expect(all.results.every((e) => e.company_id === companies['Demo Bricks'])).toBe(true);
    const own = await audit(s.demoAdmin, `company_id=${companies['Demo Bricks']}`);
    expect(own.count).toBe(all.count);
    const other = await call(
      'GET',
      `/api/v1/audit?company_id=${companies['Other Bricks']}`,
      s.demoAdmin,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().errors[0].detail).toBe(AUDIT_OTHER_COMPANY);
    // The platform admin narrows to any company.
    const others = await audit(s.platform, `company_id=${companies['Other Bricks']}`);
    expect(others.count).toBeGreaterThan(0);
    expect(others.results.every((e) => e.company_id === companies['Other Bricks'])).toBe(true);
    // Other roles are refused.
    const picker = await loginAs(s.t.app, 'picker@demo.test');
    expect((await call('GET', '/api/v1/audit', picker)).statusCode).toBe(403);
  });

  it('refuses filters out of bounds with a clear 400', async () => {
    for (const query of [
      'action=nothing',
      'from=2026-13-45',
      'from=yesterday',
      'from=2026-02-02&to=2026-02-01',
      `who=${'x'.repeat(255)}`,
      'company_id=0',
      'company_id=abc',
    ]) {
      const res = await call('GET', `/api/v1/audit?${query}`, s.platform);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].detail, query).toBeTruthy();
    }
  });
});
