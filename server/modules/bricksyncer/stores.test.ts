import { expect, it } from 'vitest';
import {
  CREDENTIAL_SET,
  StoreMessages as M,
  type StoreResource,
} from '../../../contract/bricksyncer';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect, details } from '../../test/helpers';
import { tombstoneKeys } from '../../test/sync-device';
import { companyId } from '../../test/locations-support';
import { storeRequest, type StoreMethod } from '../../test/jobs';
import { makeOrder } from '../../test/orders-fixture';
import { credentialCipherKey, decryptCredentials, encryptCredentials } from './credentials';
import { storeCredentials } from './index';

describeEachDialect('bricksyncer stores', (dialect) => {
  const s = appSuite(dialect, {
    syncer: ['Demo Bricks', ['bricksyncer']],
    picker: ['Demo Bricks', ['picker', 'order_manager', 'admin']],
    otherSyncer: ['Other Bricks', ['bricksyncer']],
  });

  const call = (auth: string, method: StoreMethod, url: string, attributes?: object) =>
    storeRequest(s.t.app, auth, method, url, attributes);
  const bricklink = {
    name: 'Main BrickLink store',
    platform: 'BRICKLINK',
    external_id: 'mainbricks',
    credentials: {
      consumer_key: 'CK-0123456789-abcd',
      consumer_secret: 'CS-secret-value-9876',
      token_key: 'TK-token-value-5555',
      token_secret: 'TS-token-secret-4242',
      api_key: 'should-be-dropped-1234',
    },
  };
  const rawCredentials = async (id: string) =>
    (
      await s.t.app.db
        .selectFrom('stores')
        .select('credentials')
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow()
    ).credentials;

  it('adds a store: credentials encrypted at rest, masked in answers, the other platform dropped', async () => {
    const res = await call(s.syncer, 'POST', '/v2/stores', bricklink);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    const store = res.json().data as StoreResource;
    expect(store.attributes).toEqual({
      name: 'Main BrickLink store',
      platform: 'BRICKLINK',
      external_id: 'mainbricks',
      currency: 'EUR',
      credentials: {
        consumer_key: '****abcd',
        consumer_secret: CREDENTIAL_SET,
        token_key: CREDENTIAL_SET,
        token_secret: CREDENTIAL_SET,
      },
    });
    expect(res.body).not.toContain('0123456789');
    // No part of a secret shows, not even its last characters.
    for (const end of ['9876', '5555', '4242']) expect(res.body).not.toContain(end);
    const raw = await rawCredentials(store.id);
    expect(raw).toMatch(/^v1\./);
    for (const secret of Object.values(bricklink.credentials)) expect(raw).not.toContain(secret);
    expect(raw).not.toContain('consumer');

    const plain = await storeCredentials(s.t.app.db, s.demo, Number(store.id));
    expect(plain).toMatchObject({ platform: 'BRICKLINK', external_id: 'mainbricks' });
    const { api_key: _dropped, ...kept } = bricklink.credentials;
    expect(plain.credentials).toEqual(kept);

    const list = await call(s.syncer, 'GET', '/v2/stores');
    const names = (list.json().data as StoreResource[]).map((store) => store.attributes.name);
    expect(names).toContain('Main BrickLink store');
    expect(names).not.toContain('Other Bricks on BrickLink');
    expect(list.body).not.toContain('CS-secret');
  });

  it('refuses a store without name, external id or any credential of its platform', async () => {
    const res = await call(s.syncer, 'POST', '/v2/stores', {
      name: ' ',
      platform: 'BRICKLINK',
      external_id: '',
      credentials: { consumer_key: 'x', api_key: 'owl-key-1234567890' },
    });
    expect(res.statusCode).toBe(400);
    expect(details(res)).toEqual([
      M.nameRequired,
      M.externalIdRequired,
      'Consumer secret is required',
      'Token value is required',
      'Token secret is required',
    ]);
    const owl = await call(s.syncer, 'POST', '/v2/stores', {
      name: 'Owl',
      platform: 'BRICKOWL',
      external_id: '77',
      credentials: bricklink.credentials,
    });
    expect(owl.statusCode).toBe(201);
    expect(owl.json().data.attributes.credentials).toEqual({ api_key: CREDENTIAL_SET });
    const noKey = await call(s.syncer, 'POST', '/v2/stores', {
      ...bricklink,
      platform: 'BRICKOWL',
      credentials: {},
    });
    expect(details(noKey)).toEqual(['API key is required']);
    const bad = await call(s.syncer, 'POST', '/v2/stores', { ...bricklink, platform: 'LEGO' });
    expect(details(bad)).toEqual([M.platformRequired]);
  });

  it('edits a store: empty credentials keep their values on the same platform, all needed on another', async () => {
    const created = (
      await call(s.syncer, 'POST', '/v2/stores', { ...bricklink, name: 'Edit me' })
    ).json().data as StoreResource;
    const res = await call(s.syncer, 'PATCH', `/v2/stores/${created.id}`, {
      name: 'Edited',
      platform: 'BRICKLINK',
      external_id: 'edited',
      credentials: { consumer_key: '', token_secret: 'NEW-token-secret-0001' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.credentials.token_secret).toBe(CREDENTIAL_SET);
    expect(res.body).not.toContain('0001');
    const plain = await storeCredentials(s.t.app.db, s.demo, Number(created.id));
    expect(plain.credentials).toMatchObject({
      consumer_key: bricklink.credentials.consumer_key,
      token_secret: 'NEW-token-secret-0001',
    });
    const switched = await call(s.syncer, 'PATCH', `/v2/stores/${created.id}`, {
      name: 'Edited',
      platform: 'BRICKOWL',
      external_id: 'edited',
      credentials: {},
    });
    expect(details(switched)).toEqual(['API key is required']);
  });

  it("answers 'Store not found' for unknown and other companies' stores, and enforces the role", async () => {
    const other = await s.t.app.db
      .selectFrom('stores')
      .select('id')
      .where('name', '=', 'Other Bricks on BrickLink')
      .executeTakeFirstOrThrow();
    for (const [method, body] of [['GET'], ['PATCH', bricklink], ['DELETE']] as const) {
      const res = await call(s.syncer, method, `/v2/stores/${other.id}`, body);
      expect(res.statusCode).toBe(404);
      expect(details(res)).toEqual([M.notFound]);
    }
    expect(details(await call(s.syncer, 'GET', '/v2/stores/99999'))).toEqual([M.notFound]);
    expect((await call(s.syncer, 'GET', '/v2/stores/abc')).statusCode).toBe(400);
    expect((await call(s.picker, 'GET', '/v2/stores')).statusCode).toBe(403);
    expect((await call(s.picker, 'POST', '/v2/stores', bricklink)).statusCode).toBe(403);
    expect((await call('', 'GET', '/v2/stores')).statusCode).toBe(401);
    expect((await call(s.otherSyncer, 'GET', '/v2/stores')).json().data).toHaveLength(1);
  });

  it('treats credentials it cannot read (copied from another company, another key) as not set', async () => {
    const mine = (
      await call(s.syncer, 'POST', '/v2/stores', { ...bricklink, name: 'Copied' })
    ).json().data as StoreResource;
    const other = await s.t.app.db
      .selectFrom('stores')
      .select('id')
      .where('name', '=', 'Other Bricks on BrickLink')
      .executeTakeFirstOrThrow();
    await s.t.app.db
      .updateTable('stores')
      .set({ credentials: await rawCredentials(mine.id) })
      .where('id', '=', other.id)
      .execute();
    const res = await call(s.otherSyncer, 'GET', `/v2/stores/${other.id}`);
    expect(res.statusCode).toBe(200);
    expect(Object.values(res.json().data.attributes.credentials)).toEqual(['', '', '', '']);
    const otherCompany = await companyId(s.t.app, 'Other Bricks');
    expect((await storeCredentials(s.t.app.db, otherCompany, other.id)).credentials).toBeNull();
    const foreignKey = encryptCredentials(credentialCipherKey('another key'), s.demo, {
      api_key: 'x'.repeat(20),
    });
    expect(() => decryptCredentials(credentialCipherKey('the key'), s.demo, foreignKey)).toThrow();
  });

  it('deletes a store with its stock and orders; devices get tombstones for the orders', async () => {
    const store = await s.t.app.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', s.demo)
      .where('name', '=', 'Demo Bricks on BrickOwl')
      .executeTakeFirstOrThrow();
    const orders = await s.t.app.db
      .selectFrom('orders')
      .select('id')
      .where('store_id', '=', store.id)
      .execute();
    expect(orders.length).toBeGreaterThan(0);
    expect((await call(s.picker, 'DELETE', `/v2/stores/${store.id}`)).statusCode).toBe(403);
    const res = await call(s.syncer, 'DELETE', `/v2/stores/${store.id}`);
    expect(res.statusCode).toBe(204);
    expect(details(await call(s.syncer, 'GET', `/v2/stores/${store.id}`))).toEqual([M.notFound]);
    const left = await s.t.app.db
      .selectFrom('store_items')
      .select('id')
      .where('store_id', '=', store.id)
      .execute();
    expect(left).toEqual([]);
    expect(
      await s.t.app.db.selectFrom('orders').select('id').where('store_id', '=', store.id).execute(),
    ).toEqual([]);
    const keys = await tombstoneKeys(s.t, s.demo, 'orders');
    for (const o of orders) expect(keys).toContain(String(o.id));
  });

  it("keeps issue reports about a deleted store's orders, without the order and stamped as changed", async () => {
    const store = (
      await call(s.syncer, 'POST', '/v2/stores', { ...bricklink, name: 'Closing' })
    ).json().data as StoreResource;
    const item = await s.t.app.db
      .selectFrom('items')
      .select('id')
      .where('company_id', '=', s.demo)
      .executeTakeFirstOrThrow();
    const orderId = await makeOrder(s.t.app.db, s.demo, { items: [[item.id, 2]] });
    await s.t.app.db
      .updateTable('orders')
      .set({ store_id: Number(store.id) })
      .where('id', '=', orderId)
      .execute();
    const reported = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/issue',
      headers: { authorization: s.picker },
      payload: { order_id: orderId, item_id: item.id, note: 'Box crushed', manager_id: 2 },
    });
    expect(reported.statusCode).toBe(200);
    const issueId = reported.json().issue_id as number;
    const issueRow = () =>
      s.t.app.db
        .selectFrom('issues')
        .select(['order_id', 'version'])
        .where('id', '=', issueId)
        .executeTakeFirst();
    const before = await issueRow();
    expect(before?.order_id).toBe(orderId);

    expect((await call(s.syncer, 'DELETE', `/v2/stores/${store.id}`)).statusCode).toBe(204);
    const after = await issueRow();
    expect(after?.order_id).toBeNull();
    expect(Number(after?.version)).toBeGreaterThan(Number(before?.version));
    // The order manager's Item Reports still list the issue, now without an order.
    const list = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/issue?manager_id=2',
      headers: { authorization: s.picker },
    });
    const listed = (
      list.json().results as { issue_id: number; order_id: number | null; issue_note: string }[]
    ).find((r) => r.issue_id === issueId);
    expect(listed).toMatchObject({ order_id: null, issue_note: 'Box crushed' });
    // A device that had the order learns of its removal in the same version.
    const pulled = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/sync/pull?collection=orders&cursor=${Number(before?.version)}`,
      headers: { authorization: s.picker },
    });
    expect(pulled.statusCode).toBe(200);
    expect(pulled.json().tombstones).toContain(orderId);
  });
});
