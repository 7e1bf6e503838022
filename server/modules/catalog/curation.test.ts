import { expect, it } from 'vitest';
import { CatalogMessages as M } from '../../../contract/catalog';
import type { ChangeList, SuggestionList } from '../../../contract/catalog-review';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect, detail } from '../../test/helpers';
import { catalogReview, CATALOG_CAST } from '../../test/digitizing';

/**
 * The shared catalog has curators: suggestions are reviewed by the platform admin and the admins
 * of the company that runs the platform, never by who made them; relations never link an item to
 * itself or close a circle; pictures come from the catalog's image hosts over https.
 */
describeEachDialect('catalog curation', (dialect) => {
  const s = appSuite(dialect, CATALOG_CAST);

  const { call, suggest, review, uuidOf } = catalogReview(() => s.t);
  const part3001 = () =>
    s.t.app.db
      .selectFrom('parts')
      .select(['uuid', 'bricklink_id'])
      .where('rebrickable_id', '=', '3001')
      .executeTakeFirstOrThrow();
  /** A relation made the way the catalog makes them: suggested, then accepted by the platform. */
  const relate = async (object_type: string, from: string, to: string) => {
    const made = await suggest(s.digi, { object_type, changes: { from, to } });
    expect(made.statusCode, made.body).toBe(201);
    const done = await review(s.platform, made.json().uuid);
    expect(done.statusCode, done.body).toBe(200);
  };

  it("another company's admin cannot accept her own change to the shared catalog", async () => {
    const part = await part3001();
    const made = await suggest(s.otherAdmin, {
      object_type: 'part',
      object_uuid: part.uuid,
      changes: { bricklink_id: '99999' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const uuid = made.json().uuid as string;
    for (const action of ['accept', 'reject'] as const) {
      const refused = await review(s.otherAdmin, uuid, action);
      expect(refused.statusCode).toBe(403);
      expect(detail(refused)).toBe(M.notCurator);
    }
    expect((await part3001()).bricklink_id).toBe(part.bricklink_id);
    // A curator rejects it; every company still reads the catalog's id.
    expect((await review(s.admin, uuid, 'reject')).statusCode).toBe(200);
    expect((await part3001()).bricklink_id).toBe(part.bricklink_id);
  });

  it('a curator never reviews her own suggestion; another curator does', async () => {
    const part = await part3001();
    const made = await suggest(s.admin, {
      object_type: 'part',
      object_uuid: part.uuid,
      changes: { year: 1958 },
    });
    const uuid = made.json().uuid as string;
    const own = await review(s.admin, uuid);
    expect(own.statusCode).toBe(403);
    expect(detail(own)).toBe(M.ownSuggestion);
    expect((await review(s.platform, uuid)).statusCode).toBe(200);
    // A digitizer's suggestion: still not for another company's admin, fine for a curator.
    const digis = await suggest(s.digi, {
      object_type: 'part',
      object_uuid: part.uuid,
      changes: { year: 1959 },
    });
    expect((await review(s.otherAdmin, digis.json().uuid)).statusCode).toBe(403);
    expect((await review(s.admin, digis.json().uuid)).statusCode).toBe(200);
  });

  it('refuses a relation of an item to itself', async () => {
    const part = await uuidOf('parts', 5);
    for (const type of ['subpart', 'pair', 'alternate']) {
      const res = await suggest(s.digi, { object_type: type, changes: { from: part, to: part } });
      expect(res.statusCode, type).toBe(400);
      expect(detail(res)).toBe(M.relationToItself);
    }
    const { uuid: set } = await s.t.app.db
      .selectFrom('sets')
      .select('uuid')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const sets = await suggest(s.digi, {
      object_type: 'set_in_set',
      changes: { from: set, to: set },
    });
    expect(detail(sets)).toBe(M.relationToItself);
  });

  it('refuses a relation that closes a circle, when suggested and when accepted', async () => {
    const [a, b, c] = await Promise.all([6, 7, 8].map((id) => uuidOf('parts', id)));
    await relate('subpart', a, b);
    await relate('subpart', b, c);
    const circle = await suggest(s.digi, { object_type: 'subpart', changes: { from: c, to: a } });
    expect(circle.statusCode).toBe(400);
    expect(detail(circle)).toBe(M.relationCycle('subpart'));
    // Another kind of relation along the same parts is no circle.
    await relate('print', c, a);

    // Two open suggestions that are each fine alone: the second accept is refused (409).
    const sets = await s.t.app.db.selectFrom('sets').select('uuid').orderBy('id').execute();
    const [s1, s2] = sets.slice(-2).map((r) => r.uuid);
    const first = await suggest(s.digi, {
      object_type: 'set_in_set',
      changes: { from: s1, to: s2 },
    });
    const second = await suggest(s.digi, {
      object_type: 'set_in_set',
      changes: { from: s2, to: s1 },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect((await review(s.platform, first.json().uuid)).statusCode).toBe(200);
    const late = await review(s.platform, second.json().uuid);
    expect(late.statusCode).toBe(409);
    expect(detail(late)).toBe(M.relationCycle('set_in_set'));
  });

  it('takes a picture only over https from the catalog image hosts', async () => {
    const part = (await part3001()).uuid;
    const element = await uuidOf('elements', 1);
    const bad = [
      'http://cdn.rebrickable.com/media/parts/3001.png',
      'https://evil.example/3001.png',
      'https://cdn.rebrickable.com.evil.example/3001.png',
      'https://cdn.rebrickable.com@evil.example/3001.png',
      'https://cdn.rebrickable.com:8443/3001.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//img.bricklink.com/3001.png',
    ];
    for (const image_url of bad) {
      const res = await suggest(s.digi, {
        object_type: 'part',
        object_uuid: part,
        changes: { image_url },
      });
      expect(res.statusCode, image_url).toBe(400);
      expect(detail(res)).toBe(M.imageUrl);
    }
    const el = await suggest(s.digi, {
      object_type: 'element',
      object_uuid: element,
      changes: { image_url: 'https://evil.example/e.png' },
    });
    expect(detail(el)).toBe(M.imageUrl);
    const ok = await suggest(s.digi, {
      object_type: 'part',
      object_uuid: part,
      changes: { image_url: 'https://img.bricklink.com/ItemImage/PN/5/3001.png' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await review(s.platform, ok.json().uuid)).statusCode).toBe(200);
    // Clearing the picture stays possible.
    const cleared = await suggest(s.digi, {
      object_type: 'part',
      object_uuid: part,
      changes: { image_url: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(201);
  });

  it('tells the Suggestions screen who may review, which are mine, and the names behind uuids', async () => {
    const [a, b] = await Promise.all([9, 10].map((id) => uuidOf('parts', id)));
    const made = await suggest(s.otherAdmin, {
      object_type: 'subpart',
      changes: { from: a, to: b },
    });
    expect(made.statusCode, made.body).toBe(201);
    const list = async (auth: string) => {
      const res = await call(auth, 'GET', 'suggestions/?status=open&page=0&size=100');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SuggestionList;
    };
    const names = await s.t.app.db
      .selectFrom('parts')
      .select(['uuid', 'name'])
      .where('uuid', 'in', [a, b])
      .execute();
    const theirs = await list(s.otherAdmin);
    expect(theirs.may_review).toBe(false);
    const own = theirs.results.find((suggestion) => suggestion.uuid === made.json().uuid)!;
    expect(own.mine).toBe(true);
    expect(own.names).toEqual(Object.fromEntries(names.map((n) => [n.uuid, n.name])));

    const curator = await list(s.admin);
    expect(curator.may_review).toBe(true);
    expect(curator.results.find((suggestion) => suggestion.uuid === made.json().uuid)!.mine).toBe(
      false,
    );

    // Accepted, the changelog names the relation's ends too.
    expect((await review(s.platform, made.json().uuid)).statusCode).toBe(200);
    const logs = await call(s.admin, 'GET', 'logs/?page=0&size=5');
    const entry = (logs.json() as ChangeList).results.find((e) => e.model === 'subpart')!;
    expect(entry.names[a]).toBe(names.find((n) => n.uuid === a)!.name);
    expect(entry.names[b]).toBe(names.find((n) => n.uuid === b)!.name);
  });
});
