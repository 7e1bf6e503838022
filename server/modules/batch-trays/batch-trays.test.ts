import { beforeAll, expect, it } from 'vitest';
import { BatchTraysMessages as M, type TrayList } from '../../../contract/batch-trays';
import {
  createBatch,
  insertTrays,
  managerBatch,
  trayEdit,
  digitizingSuite,
} from '../../test/digitizing';
import { describeEachDialect, detail } from '../../test/helpers';

describeEachDialect('batch trays editor', (dialect) => {
  const s = digitizingSuite(dialect, 'Trays test');
  const { call } = s;
  let batchId: number;

  beforeAll(async () => {
    batchId = await managerBatch(s, 'Box', 520);
  });

  const q = () => `?project_id=${s.projectId}&batch_id=${batchId}`;
  const trays = async (auth = s.manager) =>
    ((await call(auth, 'GET', `/v1/trays${q()}`)).json() as TrayList).results;

  it('lists every column, with the heading; refuses other roles and other companies', async () => {
    const res = await call(s.digiUser, 'GET', `/v1/trays${q()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TrayList;
    expect(body).toMatchObject({ project_name: 'Trays test', batch_name: 'Box', claimed: false });
    expect(body.results).toHaveLength(520);
    expect(body.results[0]).toMatchObject({
      tray_nr: 1,
      item_id: s.item.id,
      quantity: 1,
      price: 1,
      total_price: 1,
      accepted: 0,
      status: 'ready for filling',
    });
    expect(body.results[0].mold_name).toBeTruthy();
    expect((await call(s.filler, 'GET', `/v1/trays${q()}`)).statusCode).toBe(403);
    expect((await call(s.stranger, 'GET', `/v1/trays${q()}`)).statusCode).toBe(404);
    expect(
      (await call(s.stranger, 'POST', `/v1/trays/claim${q()}`, { claim: true })).statusCode,
    ).toBe(404);
  });

  it('of two claims at once exactly one wins; the other hears the claim message', async () => {
    const [a, b] = await Promise.all([
      call(s.manager, 'POST', `/v1/trays/claim${q()}`, { claim: true }),
      call(s.digiUser, 'POST', `/v1/trays/claim${q()}`, { claim: true }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(detail(loser)).toBe(M.claimRefused);
    const winner = a.statusCode === 200 ? s.manager : s.digiUser;
    // The winner gives it up; then the manager holds it for the rest of the tests.
    await call(winner, 'POST', `/v1/trays/claim${q()}`, { claim: false });
    const again = await call(s.manager, 'POST', `/v1/trays/claim${q()}`, { claim: true });
    expect(again.json()).toMatchObject({ claimed: true, claimed_by_me: true });
    expect(
      ((await call(s.digiUser, 'GET', `/v1/trays${q()}`)).json() as TrayList).claimed_by_me,
    ).toBe(false);
  });

  it('edits need the claim; a mould, colour or condition change re-resolves the variant', async () => {
    const [first] = await trays();
    const noClaim = await call(s.digiUser, 'POST', `/v1/trays${q()}`, {
      trays: [trayEdit(first, { quantity: 7 })],
    });
    expect(noClaim.statusCode).toBe(409);
    expect(detail(noClaim)).toBe(M.claimRefused);
    // No variant of the item in another condition: the item is cleared.
    const other = (['NEW', 'LIKE_NEW', 'GOOD', 'ACCEPTABLE'] as const).find(
      (c) => c !== s.item.condition,
    )!;
    const variants = (
      await call(
        s.manager,
        'GET',
        `/v1/trays/items?mold_id=${s.item.mold_id}&colour_id=${s.item.colour_id}&condition=${other}`,
      )
    ).json().results as { item_id: number }[];
    const res = await call(s.manager, 'POST', `/v1/trays${q()}`, {
      trays: [trayEdit(first, { condition: other, quantity: 7, item_id: s.item.id })],
    });
    expect(res.statusCode).toBe(200);
    const saved = (res.json() as TrayList).results[0];
    expect(saved).toMatchObject({ quantity: 7, condition: other });
    expect(saved.item_id).toBe(variants[0]?.item_id ?? null);
    // Back to the item's own combination without an item: its first variant is taken.
    const back = await call(s.manager, 'POST', `/v1/trays${q()}`, {
      trays: [trayEdit(saved, { condition: s.item.condition, item_id: null })],
    });
    expect((back.json() as TrayList).results[0].item_id).toBe(s.item.id);
    const unknown = await call(s.manager, 'POST', `/v1/trays${q()}`, {
      trays: [trayEdit(saved, { mold_id: 2_000_000_000 })],
    });
    expect(unknown.statusCode).toBe(400);
    expect(detail(unknown)).toBe(M.moldNotFound);
  });

  it('accept-all of 500 pending edits saves them in one request, stamped for the floor', async () => {
    const all = await trays();
    const before = await s.t.app.db
      .selectFrom('trays')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('batch_id', '=', batchId)
      .executeTakeFirstOrThrow();
    const edits = all
      .slice(0, 500)
      .map((r, i) => trayEdit(r, { quantity: i + 2, comments: `c${i}` }));
    const res = await call(s.manager, 'POST', `/v1/trays${q()}`, { trays: edits });
    expect(res.statusCode).toBe(200);
    const saved = (res.json() as TrayList).results;
    expect(
      saved.slice(0, 500).every((r, i) => r.quantity === i + 2 && r.comments === `c${i}`),
    ).toBe(true);
    expect(saved[500].quantity).toBe(1);
    const versions = await s.t.app.db
      .selectFrom('trays')
      .select('version')
      .where(
        'id',
        'in',
        edits.map((e) => e.tray_id),
      )
      .execute();
    expect(new Set(versions.map((v) => Number(v.version))).size).toBe(1);
    expect(Number(versions[0].version)).toBeGreaterThan(Number(before.v));
  });

  it('the Accepted flag: digibrick_manager only, not while someone else holds the claim', async () => {
    const [first] = await trays();
    const body = { trays: [{ tray_id: first.tray_id, accepted: 1, version: first.version }] };
    expect((await call(s.digiUser, 'POST', `/v1/trays/accept${q()}`, body)).statusCode).toBe(403);
    const ok = await call(s.manager, 'POST', `/v1/trays/accept${q()}`, body);
    expect((ok.json() as TrayList).results[0].accepted).toBe(1);
    await call(s.manager, 'POST', `/v1/trays/claim${q()}`, { claim: false });
    await call(s.digiUser, 'POST', `/v1/trays/claim${q()}`, { claim: true });
    const other = await call(s.manager, 'POST', `/v1/trays/accept${q()}`, body);
    expect(other.statusCode).toBe(409);
    expect(detail(other)).toBe(M.claimRefused);
    await call(s.digiUser, 'POST', `/v1/trays/claim${q()}`, { claim: false });
    await call(s.manager, 'POST', `/v1/trays/claim${q()}`, { claim: true });
  });

  it('duplicates, updates prices, deletes and splits the chosen trays', async () => {
    const all = await trays();
    const [a, b] = all;
    const dup = await call(s.manager, 'PUT', `/v1/trays/duplicate${q()}`, { items: [a.tray_id] });
    const afterDup = (dup.json() as TrayList).results;
    expect(afterDup).toHaveLength(521);
    expect(afterDup[520]).toMatchObject({ tray_nr: 521, quantity: a.quantity, accepted: 0 });
    const priced = await call(s.manager, 'POST', `/v1/trays/updateprices${q()}`, {
      items: [b.tray_id],
    });
    const itemPrice = (priced.json() as TrayList).results[1];
    expect(itemPrice.price).toBe(itemPrice.item_price);
    const del = await call(s.manager, 'POST', `/v1/trays/delete${q()}`, {
      items: [afterDup[520].tray_id],
    });
    expect((del.json() as TrayList).results).toHaveLength(520);
    const empty = await call(s.manager, 'PUT', `/v1/trays/split${q()}`, {
      name: ' ',
      items: [a.tray_id],
    });
    expect(empty.statusCode).toBe(400);
    expect(detail(empty)).toBe(M.splitNameEmpty);
    const taken = await call(s.manager, 'PUT', `/v1/trays/split${q()}`, {
      name: 'Box',
      items: [a.tray_id],
    });
    expect(detail(taken)).toBe(M.splitNameTaken);
    const split = await call(s.manager, 'PUT', `/v1/trays/split${q()}`, {
      name: 'Box half',
      items: [a.tray_id, b.tray_id],
    });
    expect(split.statusCode).toBe(200);
    const { new_batch_id, results } = split.json() as TrayList & { new_batch_id: number };
    expect(results).toHaveLength(518);
    const moved = await call(
      s.manager,
      'GET',
      `/v1/trays?project_id=${s.projectId}&batch_id=${new_batch_id}`,
    );
    expect((moved.json() as TrayList).results.map((r) => [r.tray_id, r.tray_nr])).toEqual([
      [a.tray_id, 1],
      [b.tray_id, 2],
    ]);
    const foreign = await call(s.manager, 'POST', `/v1/trays/delete${q()}`, { items: [a.tray_id] });
    expect(foreign.statusCode).toBe(400);
    expect(detail(foreign)).toBe(M.trayNotInBatch);
  });

  it('adds a tray at the end: quantity 1, ready for filling, price 0, NEW, its first variant', async () => {
    const res = await call(s.manager, 'PUT', `/v1/trays${q()}`, {
      mold_id: s.item.mold_id,
      colour_id: s.item.colour_id,
    });
    expect(res.statusCode).toBe(200);
    const added = (res.json() as TrayList).results.at(-1)!;
    expect(added).toMatchObject({
      tray_nr: 521,
      quantity: 1,
      status: 'ready for filling',
      price: 0,
      condition: 'NEW',
      mold_id: s.item.mold_id,
    });
    const refused = await call(s.digiUser, 'PUT', `/v1/trays${q()}`, { mold_id: s.item.mold_id });
    expect(refused.statusCode).toBe(409);
  });

  it('creates a variant: public, empty notes, price 0', async () => {
    const res = await call(s.digiUser, 'PUT', '/v1/trays/items', {
      mold_id: s.item.mold_id,
      colour_id: s.item.colour_id,
      condition: 'ACCEPTABLE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_public: 1, note_public: '', price: 0 });
    const info = await call(s.digiUser, 'GET', `/v1/trays/moldinfo?mold_id=${s.item.mold_id}`);
    expect(info.json().name).toBeTruthy();
  });

  it('keeps prices to the thousandth: a quantity-only edit of a €0.133 tray reads back €0.133', async () => {
    const loose = await createBatch(call, s.manager, s.projectId, 'Loose');
    await insertTrays(s.t, { company: s.demo, batchId: loose, item: s.item, count: 1, price: 133 });
    const lq = `?project_id=${s.projectId}&batch_id=${loose}`;
    const list = async () => (await call(s.manager, 'GET', `/v1/trays${lq}`)).json() as TrayList;
    const [tray] = (await list()).results;
    expect(tray).toMatchObject({ price: 0.133, total_price: 0.133 });
    await call(s.manager, 'POST', `/v1/trays/claim${lq}`, { claim: true });
    const res = await call(s.manager, 'POST', `/v1/trays${lq}`, {
      trays: [trayEdit(tray, { quantity: 3 })],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TrayList).results[0]).toMatchObject({
      quantity: 3,
      price: 0.133,
      total_price: 0.399,
    });
    // Saved again unchanged (as the editor does): still €0.133, stored as 133 thousandths.
    const [saved] = (await list()).results;
    await call(s.manager, 'POST', `/v1/trays${lq}`, { trays: [trayEdit(saved, {})] });
    expect((await list()).results[0].price).toBe(0.133);
    const stored = await s.t.app.db
      .selectFrom('trays')
      .select('price')
      .where('id', '=', tray.tray_id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.price)).toBe(133);
    // The item's price of €0.007 reaches the variants list and, by update prices, the tray.
    await s.t.app.db.updateTable('items').set({ price: 7 }).where('id', '=', s.item.id).execute();
    const variants = await call(
      s.manager,
      'GET',
      `/v1/trays/items?mold_id=${s.item.mold_id}&colour_id=${s.item.colour_id}&condition=${s.item.condition}`,
    );
    const own = (variants.json().results as { item_id: number; price: number }[]).find(
      (v) => v.item_id === s.item.id,
    );
    expect(own?.price).toBe(0.007);
    const priced = await call(s.manager, 'POST', `/v1/trays/updateprices${lq}`, {
      items: [tray.tray_id],
    });
    expect((priced.json() as TrayList).results[0]).toMatchObject({
      price: 0.007,
      item_price: 0.007,
      total_price: 0.021,
    });
  });
});
