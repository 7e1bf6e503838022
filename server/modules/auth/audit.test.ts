import { beforeAll, expect, it } from 'vitest';
import { AuditListResponse, type AuditEntry } from '../../../contract/audit';
import { Permission } from '../../../contract/permissions';
import { DEMO_PASSWORD } from '../../seed';
import { appSuite } from '../../test/app-suite';
import {
  companyIdsByName,
  describeEachDialect,
  grantPermission,
  loginAs,
  postLogin,
  requester,
  revokePermission,
  userIdsByEmail,
} from '../../test/helpers';

describeEachDialect('audit log', (dialect) => {
  const s = appSuite(dialect, {
    demoAdmin: 'admin@demo.test',
    otherAdmin: 'admin@other.test',
    platform: 'platform@demo.test',
  });
  let ids: Record<string, number>;
  let companies: Record<string, number>;

  const call = requester(() => s.t);
  const read = async (auth: string, query = ''): Promise<AuditListResponse> => {
    const res = await call('GET', `/api/v1/audit${query}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return AuditListResponse.parse(res.json());
  };
  const login = (email: string, password: string, ip: string) =>
    postLogin(s.t.app, email, password, ip);

  beforeAll(async () => {
    ids = await userIdsByEmail(s.t.app);
    companies = await companyIdsByName(s.t.app);
  });

  it('records sign-ins and failed sign-ins with who, when, where and the company', async () => {
    const started = Date.now();
    expect((await login('picker@demo.test', 'wrong-password', '10.7.0.1')).statusCode).toBe(401);
    expect((await login('picker@demo.test', DEMO_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    expect((await login('nobody@nowhere.test', 'wrong', '10.7.0.2')).statusCode).toBe(401);

    const { results } = await read(s.demoAdmin);
    const [success, failure] = results.filter((e) => e.actor_email === 'picker@demo.test');
    expect(success).toMatchObject({
      action: 'sign_in',
      company_id: companies['Demo Bricks'],
      actor_user_id: ids['picker@demo.test'],
      ip: '10.7.0.1',
    });
    expect(failure).toMatchObject({ action: 'sign_in_failed', ip: '10.7.0.1' });
    expect(Date.parse(success.created_at)).toBeGreaterThanOrEqual(started - 1000);
    // An address without an account belongs to no company: only the platform admin sees it.
    expect(results.some((e) => e.actor_email === 'nobody@nowhere.test')).toBe(false);
    const all = await read(s.platform);
    expect(all.results.find((e) => e.actor_email === 'nobody@nowhere.test')).toMatchObject({
      action: 'sign_in_failed',
      company_id: null,
      actor_user_id: null,
    });
  });

  it('records permission changes and deletions by the admin who made them', async () => {
    const user = ids['digi.user@demo.test'];
    const grant = await grantPermission(s.t.app, s.demoAdmin, user, Permission.picker);
    expect(grant.statusCode).toBe(200);
    const revoke = await revokePermission(s.t.app, s.demoAdmin, user, Permission.picker);
    expect(revoke.statusCode).toBe(200);
    expect((await call('DELETE', `/api/user?user_id=${user}`, s.demoAdmin)).statusCode).toBe(200);

    const { results } = await read(s.demoAdmin, '?limit=3');
    const by = { actor_user_id: ids['admin@demo.test'], actor_email: 'admin@demo.test' };
    const target = { target_user_id: user, target_email: 'digi.user@demo.test' };
    const company = { company_id: companies['Demo Bricks'] };
    expect(results).toMatchObject([
      { action: 'user_deleted', ...by, ...target, ...company },
      {
        action: 'permission_revoked',
        ...by,
        ...target,
        ...company,
        permission_id: Permission.picker,
      },
      {
        action: 'permission_granted',
        ...by,
        ...target,
        ...company,
        permission_id: Permission.picker,
      },
    ] satisfies Partial<AuditEntry>[]);
  });

  it('shows a company admin their own company only, and the platform admin everything', async () => {
    await login('admin@other.test', 'wrong', '10.7.1.1');
    // The platform admin's change to Other Bricks belongs to Other Bricks.
    const other = companies['Other Bricks'];
    const revoke = `/api/company/permission?company_id=${other}&permission_id=${Permission.picker}`;
    expect((await call('DELETE', revoke, s.platform)).statusCode).toBe(200);
    const grant = { company_id: other, permission_id: Permission.picker };
    expect((await call('POST', '/api/company/permission', s.platform, grant)).statusCode).toBe(200);

    const demo = await read(s.demoAdmin, '?limit=200');
    expect(demo.results.length).toBeGreaterThan(0);
    for (const e of demo.results) expect(e.company_id).toBe(companies['Demo Bricks']);
    const theirs = await read(s.otherAdmin, '?limit=200');
    expect(theirs.results.map((e) => e.action).slice(0, 3)).toEqual([
      'company_permission_granted',
      'company_permission_revoked',
      'sign_in_failed',
    ]);
    for (const e of theirs.results) expect(e.company_id).toBe(other);
    expect(theirs.results[0]).toMatchObject({
      actor_email: 'platform@demo.test',
      target_company_id: other,
      permission_id: Permission.picker,
    });
    const all = await read(s.platform, '?limit=200');
    expect(all.count).toBe(
      demo.count + theirs.count + all.results.filter((e) => e.company_id === null).length,
    );
  });

  it('pages newest first', async () => {
    const all = await read(s.platform, '?limit=200');
    expect(all.results.map((e) => e.id)).toEqual(
      [...all.results.map((e) => e.id)].sort((a, b) => b - a),
    );
    const first = await read(s.platform, '?limit=2&page=1');
    const second = await read(s.platform, '?limit=2&page=2');
    expect(first.count).toBe(all.count);
    expect([...first.results, ...second.results].map((e) => e.id)).toEqual(
      all.results.slice(0, 4).map((e) => e.id),
    );
  });

  it('is for admins only, and refuses bad paging with 400', async () => {
    expect((await call('GET', '/api/v1/audit')).statusCode).toBe(401);
    const picker = await loginAs(s.t.app, 'picker@demo.test');
    expect((await call('GET', '/api/v1/audit', picker)).statusCode).toBe(403);
    for (const query of ['page=0', 'page=', 'limit=abc', 'limit=1000', 'page=99999999999']) {
      const res = await call('GET', `/api/v1/audit?${query}`, s.demoAdmin);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
