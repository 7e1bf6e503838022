import { expect, it } from 'vitest';
import { CatalogMessages } from '../../../contract/catalog';
import { type ChangeEntry, type Suggestion } from '../../../contract/catalog-review';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect } from '../../test/helpers';
import { catalogReview, CATALOG_CAST } from '../../test/digitizing';

/** Suggestions, their review and the changelog: the rules of docs/catalog.md. */
describeEachDialect('catalog suggestions and changelog', (dialect) => {
  const s = appSuite(dialect, {
    ...CATALOG_CAST,
    picker: 'picker@demo.test',
    manager: ['Demo Bricks', ['digibrick_manager']],
  });
  const { call, suggest, review, uuidOf } = catalogReview(() => s.t);
  const list = async (auth: string, query: string) => {
    const res = await call(auth, 'GET', `suggestions/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; results: Suggestion[] };
  };
  const logs = async (auth: string, url: string) => {
    const res = await call(auth, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; results: ChangeEntry[] };
  };

  it('keeps only the fields that change, and refuses a suggestion that changes nothing', async () => {
    const uuid = await uuidOf('parts', 2);
    const res = await suggest(s.digi, {
      description: 'real size',
      object_type: 'part',
      object_uuid: uuid,
      changes: { name: 'Brick 2 x 3', length: '2.4', width: 1.6, height: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().changes).toEqual({ length: 2.4, width: 1.6 });
    const none = await suggest(s.digi, {
      object_type: 'part',
      object_uuid: uuid,
      changes: { name: 'Brick 2 x 3', year: null },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].detail).toBe(CatalogMessages.noChanges);
    const empty = await suggest(s.digi, { object_type: 'part', object_uuid: uuid, changes: {} });
    expect(empty.json().errors[0].detail).toBe(CatalogMessages.noChanges);
  });

  it('refuses unknown fields, bad values, unknown objects and the wrong roles', async () => {
    const uuid = await uuidOf('parts', 3);
    const bad = [
      { object_type: 'part', object_uuid: uuid, changes: { colour: 'red' } },
      { object_type: 'part', object_uuid: uuid, changes: { year: 'soon' } },
      { object_type: 'part', object_uuid: uuid, changes: { name: '' } },
      { object_type: 'part', object_uuid: uuid, changes: { length: -1 } },
      { object_type: 'part', changes: { name: 'x' } },
      { object_type: 'thing', object_uuid: uuid, changes: { name: 'x' } },
    ];
    for (const body of bad)
      expect((await suggest(s.digi, body)).statusCode, JSON.stringify(body)).toBe(400);
    const missing = await suggest(s.digi, {
      object_type: 'part',
      object_uuid: 'no-such-uuid',
      changes: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const ok = { object_type: 'part', object_uuid: uuid, changes: { year: 1999 } };
    expect((await suggest(s.picker, ok)).statusCode).toBe(403);
    expect((await suggest(s.manager, ok)).statusCode).toBe(201);
  });

  it('checks that a relation fits the types of its items', async () => {
    const part = await uuidOf('parts', 1);
    const set = await uuidOf('sets', 1);
    const res = await suggest(s.digi, {
      object_type: 'mold',
      changes: { from: part, to: set },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].detail).toBe(
      'Relation not possible: the items are of type part and set, but relation is mold',
    );
    const fig = await suggest(s.digi, {
      object_type: 'minifig_in_set',
      changes: { from: part, to: set },
    });
    expect(fig.json().errors[0].detail).toBe(
      CatalogMessages.relationNotPossible('part', 'set', 'minifig_in_set'),
    );
    // The existing mould relation is no change; the same in the other direction neither.
    const [a, b] = await Promise.all(
      ['3794b', '15573'].map(
        async (rb) =>
          (
            await s.t.app.db
              .selectFrom('parts')
              .select('uuid')
              .where('rebrickable_id', '=', rb)
              .executeTakeFirstOrThrow()
          ).uuid,
      ),
    );
    for (const changes of [
      { from: a, to: b },
      { from: b, to: a },
    ]) {
      const again = await suggest(s.digi, { object_type: 'mold', changes });
      expect(again.json().errors[0].detail).toBe(CatalogMessages.noChanges);
    }
    expect(
      (await suggest(s.digi, { object_type: 'pair', changes: { from: part } })).statusCode,
    ).toBe(400);
  });

  it('lists suggestions by status, newest first, zero-based pages, for admins only', async () => {
    const open = await list(s.admin, 'status=open&page=0&size=2');
    expect(open.count).toBeGreaterThanOrEqual(2);
    expect(open.results).toHaveLength(2);
    expect(open.results.every((suggestion) => suggestion.status === 'open')).toBe(true);
    expect(open.results[0].created_at >= open.results[1].created_at).toBe(true);
    const next = await list(s.admin, 'status=open&page=1&size=2');
    expect(next.results.map((suggestion) => suggestion.uuid)).not.toContain(open.results[0].uuid);
    const first = (await list(s.admin, 'status=open&size=25')).results.find(
      (suggestion) => suggestion.description === 'real size',
    )!;
    expect(first.created_by.name).toBe('Dirk Digi');
    expect(first.object).toMatchObject({ name: 'Brick 2 x 3', length: null });
    const reviewed = await list(s.admin, 'status=accepted,rejected');
    expect(reviewed.results.every((x) => x.status !== 'open')).toBe(true);
    // Shared catalog: another company's admin sees the same suggestions (reviewing is the curators').
    expect((await list(s.otherAdmin, 'status=open')).count).toBe(
      (await list(s.admin, 'status=open')).count,
    );
    expect((await call(s.digi, 'GET', 'suggestions/')).statusCode).toBe(403);
    expect((await call(s.admin, 'GET', 'suggestions/?status=open,nope')).statusCode).toBe(400);
  });

  it('accepts: the catalog changes and the changelog says who changed what, once', async () => {
    const before = await s.t.app.db
      .selectFrom('parts')
      .select(['version', 'uuid'])
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    const logged = (await logs(s.admin, 'logs/?page=0&size=25')).count;
    const suggestion = (await list(s.admin, 'status=open&size=25')).results.find(
      (x) => x.description === 'real size',
    )!;
    expect((await review(s.digi, suggestion.uuid, 'accept')).statusCode).toBe(403);
    const res = await review(s.admin, suggestion.uuid, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    const part = await s.t.app.db
      .selectFrom('parts')
      .select(['length', 'width', 'version'])
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect([Number(part.length), Number(part.width)]).toEqual([2.4, 1.6]);
    expect(part.version).toBeGreaterThan(before.version);
    const history = await logs(s.digi, `logs/${before.uuid}/?page=0&size=25`);
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({
      model: 'part',
      object_name: 'Brick 2 x 3',
      action: 'update',
      actor: { name: 'Ada Admin' },
      changes: { length: { old: null, new: 2.4 }, width: { old: null, new: 1.6 } },
    });
    const again = await review(s.admin, suggestion.uuid, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].detail).toBe(CatalogMessages.notOpen('accepted'));
    expect((await review(s.admin, suggestion.uuid, 'reject')).statusCode).toBe(409);
    expect((await logs(s.admin, 'logs/?page=0&size=25')).count).toBe(logged + 1);
    expect((await review(s.admin, 'no-such-suggestion', 'accept')).statusCode).toBe(404);
    const renamed = await suggest(s.digi, {
      object_type: 'part',
      object_uuid: before.uuid,
      changes: { name: 'Brick 2 x 3 (renamed)' },
    });
    expect((await review(s.admin, renamed.json().uuid, 'accept')).statusCode).toBe(200);
    // The warehouse's mould of the part shows the new name, with the part's new version.
    const mould = await s.t.app.db
      .selectFrom('moulds')
      .select(['name', 'version'])
      .where('part_id', '=', 2)
      .executeTakeFirstOrThrow();
    const renamedPart = await s.t.app.db
      .selectFrom('parts')
      .select('version')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(mould).toEqual({ name: 'Brick 2 x 3 (renamed)', version: renamedPart.version });
  });

  it('rejects an open suggestion without touching the catalog', async () => {
    const uuid = await uuidOf('sets', 1);
    const made = await suggest(s.digi, {
      object_type: 'set',
      object_uuid: uuid,
      changes: { year: 1970 },
    });
    const res = await review(s.admin, made.json().uuid, 'reject');
    expect(res.statusCode).toBe(200);
    const set = await s.t.app.db
      .selectFrom('sets')
      .select('year')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(set.year).not.toBe(1970);
    const rejected = await list(s.admin, 'status=rejected');
    expect(rejected.results.map((suggestion) => suggestion.uuid)).toContain(made.json().uuid);
    expect((await review(s.admin, made.json().uuid, 'accept')).statusCode).toBe(409);
  });

  it('lets exactly one of two concurrent accepts win', async () => {
    const uuid = await uuidOf('minifigs', 1);
    const made = await suggest(s.digi, {
      object_type: 'minifig',
      object_uuid: uuid,
      changes: { year: 1978 },
    });
    const results = await Promise.all([
      review(s.admin, made.json().uuid, 'accept'),
      review(s.platform, made.json().uuid, 'accept'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await logs(s.admin, `logs/${uuid}/`)).count).toBe(1);
  });

  it('refuses an accept that would no longer change anything and leaves it open', async () => {
    const uuid = await uuidOf('parts', 4);
    const a = await suggest(s.digi, {
      object_type: 'part',
      object_uuid: uuid,
      changes: { year: 1958 },
    });
    const b = await suggest(s.digi, {
      object_type: 'part',
      object_uuid: uuid,
      changes: { year: 1958 },
    });
    expect((await review(s.admin, a.json().uuid, 'accept')).statusCode).toBe(200);
    const stale = await review(s.admin, b.json().uuid, 'accept');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].detail).toBe(CatalogMessages.noChanges);
    const open = await list(s.admin, 'status=open&size=100');
    expect(open.results.map((suggestion) => suggestion.uuid)).toContain(b.json().uuid);
  });

  it('refuses an id another object already holds', async () => {
    const uuid = await uuidOf('parts', 5);
    const res = await suggest(s.digi, {
      object_type: 'part',
      object_uuid: uuid,
      changes: { rebrickable_id: '3001' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('accepts a relation: the row is created and the changelog records both ends', async () => {
    const set = await uuidOf('sets', 1);
    const fig = await uuidOf('minifigs', 1);
    const made = await suggest(s.digi, {
      description: 'the box has a figure',
      object_type: 'minifig_in_set',
      changes: { from: fig, to: set, quantity: 2 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().changes).toEqual({ from: set, to: fig, quantity: 2 });
    expect((await review(s.admin, made.json().uuid, 'accept')).statusCode).toBe(200);
    const row = await s.t.app.db
      .selectFrom('minifig_in_set')
      .select(['quantity', 'uuid', 'version'])
      .where('set_id', '=', 1)
      .where('minifig_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.quantity).toBe(2);
    expect(row.version).toBeGreaterThan(0);
    const entry = (await logs(s.admin, `logs/${row.uuid}/`)).results[0];
    expect(entry).toMatchObject({
      model: 'minifig_in_set',
      action: 'create',
      changes: {
        from: { old: null, new: set },
        to: { old: null, new: fig },
        quantity: { old: null, new: 2 },
      },
    });
    // Both ends' histories show the new link.
    for (const end of [set, fig]) {
      const models = (await logs(s.digi, `logs/${end}/`)).results.map((e) => e.model);
      expect(models, end).toContain('minifig_in_set');
    }
    const twice = await suggest(s.digi, {
      object_type: 'minifig_in_set',
      changes: { from: set, to: fig },
    });
    expect(twice.json().errors[0].detail).toBe(CatalogMessages.noChanges);
  });

  it('serves the whole changelog to admins and an object history to catalog staff', async () => {
    const all = await logs(s.admin, 'logs/?page=0&size=2');
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(all.results).toHaveLength(2);
    expect(all.results[0].timestamp >= all.results[1].timestamp).toBe(true);
    expect((await call(s.digi, 'GET', 'logs/')).statusCode).toBe(403);
    expect((await call(s.picker, 'GET', `logs/${await uuidOf('parts', 2)}/`)).statusCode).toBe(403);
    expect((await logs(s.digi, 'logs/unknown-uuid/')).count).toBe(0);
    expect((await call(s.admin, 'GET', 'logs/?size=1000')).statusCode).toBe(400);
  });
});
