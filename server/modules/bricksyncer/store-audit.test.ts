import { expect, it } from 'vitest';
import { AuditListResponse, type AuditEntry } from '../../../contract/audit';
import type { StoreResource } from '../../../contract/bricksyncer';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect } from '../../test/helpers';
import { storeRequest } from '../../test/jobs';

const SECRETS = {
  consumer_key: 'CK-audit-0123456789',
  consumer_secret: 'CS-audit-secret-9876',
  token_key: 'TK-audit-token-5555',
  token_secret: 'TS-audit-secret-4242',
};

describeEachDialect('bricksyncer stores in the audit log', (dialect) => {
  const s = appSuite(dialect, {
    syncer: ['Demo Bricks', ['bricksyncer']],
    admin: ['Demo Bricks', ['admin']],
    otherAdmin: ['Other Bricks', ['admin']],
  });

  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, attributes?: object) =>
    storeRequest(s.t.app, s.syncer, method, url, attributes);
  const storeEntries = async (auth: string) => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/audit?limit=200',
      headers: { authorization: auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = AuditListResponse.parse(res.json());
    for (const secret of Object.values(SECRETS)) expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain('NEW-audit-secret');
    return body.results.filter((e: AuditEntry) => e.action.startsWith('store_')).reverse();
  };

  it('records who added, changed and deleted a store and which fields changed, never a secret', async () => {
    const base = { name: 'Audited', platform: 'BRICKLINK', external_id: 'audited' };
    const created = await call('POST', '/v2/stores', { ...base, credentials: SECRETS });
    expect(created.statusCode).toBe(201);
    const id = Number((created.json().data as StoreResource).id);

    // A new token secret and a new name; the other credentials are left empty and kept.
    const renamed = { ...base, name: 'Audited 2' };
    const edited = await call('PATCH', `/v2/stores/${id}`, {
      ...renamed,
      credentials: { token_secret: 'NEW-audit-secret-0001' },
    });
    expect(edited.statusCode).toBe(200);
    // Saving the form unchanged writes no entry.
    expect(
      (await call('PATCH', `/v2/stores/${id}`, { ...renamed, credentials: {} })).statusCode,
    ).toBe(200);
    const switched = await call('PATCH', `/v2/stores/${id}`, {
      ...renamed,
      platform: 'BRICKOWL',
      credentials: { api_key: 'NEW-audit-secret-owl' },
    });
    expect(switched.statusCode).toBe(200);
    expect((await call('DELETE', `/v2/stores/${id}`)).statusCode).toBe(204);

    const entries = await storeEntries(s.admin);
    expect(entries.map((e) => [e.action, e.detail])).toEqual([
      ['store_created', `Store ${id} "Audited" (BRICKLINK)`],
      ['store_changed', `Store ${id} "Audited 2" (BRICKLINK); changed: name, token_secret`],
      ['store_changed', `Store ${id} "Audited 2" (BRICKOWL); changed: platform, api_key`],
      ['store_deleted', `Store ${id} "Audited 2" (BRICKOWL) with 0 order(s)`],
    ]);
    const syncerId = entries[0].actor_user_id;
    expect(syncerId).not.toBeNull();
    for (const e of entries) {
      expect(e).toMatchObject({ company_id: s.demo, actor_user_id: syncerId });
      expect(e.actor_email).toMatch(/^bricksyncer\./);
    }
    // Another company's admin does not see them.
    expect(await storeEntries(s.otherAdmin)).toEqual([]);
  });

  it('writes no entry for a refused store', async () => {
    const before = (await storeEntries(s.admin)).length;
    const refused = await call('POST', '/v2/stores', {
      name: 'No secrets',
      platform: 'BRICKLINK',
      external_id: 'x',
      credentials: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(await storeEntries(s.admin)).toHaveLength(before);
  });
});
