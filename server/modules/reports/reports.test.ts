import { beforeAll, expect, it } from 'vitest';
import { ReportMessages } from '../../../contract/reports';
import { nowIso } from '../../db/dialect';
import { appSuite } from '../../test/app-suite';
import { caller, describeEachDialect } from '../../test/helpers';
import { companyId, idByCode } from '../../test/locations-support';

describeEachDialect('issue reports', (dialect) => {
  const s = appSuite(dialect, {
    wm: ['Demo Bricks', ['warehouse_manager']],
    om: ['Demo Bricks', ['order_manager']],
    both: ['Demo Bricks', ['warehouse_manager', 'order_manager']],
    picker: ['Demo Bricks', ['picker']],
    otherWm: ['Other Bricks', ['warehouse_manager']],
  });
  const ids: Record<string, number> = {};
  let bin: number;

  const addIssue = async (managerId: 1 | 2 | 3, solved: 0 | 1, note: string, company = s.demo) => {
    const item = await s.t.app.db
      .selectFrom('items')
      .select('id')
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    const row = await s.t.app.db
      .insertInto('issues')
      .values({
        company_id: company,
        location_id: company === s.demo ? bin : null,
        item_id: item.id,
        note,
        manager_id: managerId,
        solved,
        creation_date: nowIso(),
        reporter_user_id: null,
        order_id: null,
        tray_id: null,
        solved_at: null,
        solved_by_user_id: null,
        version: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    bin = await idByCode(s.t.app, s.demo, 'H1-A01-R02-S3-B4');
    ids.wOpen = await addIssue(1, 0, 'warehouse open');
    ids.wSolved = await addIssue(1, 1, 'warehouse solved');
    ids.oOpen = await addIssue(2, 0, 'order open');
    ids.bothOpen = await addIssue(3, 0, 'both open');
    ids.other = await addIssue(1, 0, 'other company', await companyId(s.t.app, 'Other Bricks'));
  });

  const call = caller(() => s.t);
  const listIds = async (auth: string, query: string) => {
    const r = await call(auth, 'GET', `/v1/issue?${query}`);
    expect(r.statusCode).toBe(200);
    return (r.json().results as { issue_id: number }[]).map((x) => x.issue_id);
  };

  it('lists open issues per manager, those sent to both in both lists', async () => {
    const warehouse = await listIds(s.wm, 'manager_id=1');
    expect(warehouse).toEqual(expect.arrayContaining([ids.wOpen, ids.bothOpen]));
    expect(warehouse).not.toContain(ids.wSolved);
    expect(warehouse).not.toContain(ids.oOpen);
    expect(warehouse).not.toContain(ids.other);
    const order = await listIds(s.om, 'manager_id=2');
    expect(order).toEqual(expect.arrayContaining([ids.oOpen, ids.bothOpen]));
    expect(order).not.toContain(ids.wOpen);
    const all = await listIds(s.wm, 'manager_id=1&all_issues=true');
    expect(all).toEqual(expect.arrayContaining([ids.wOpen, ids.wSolved, ids.bothOpen]));
  });

  it('answers rows with the breadcrumb, item and note', async () => {
    const r = await call(s.wm, 'GET', '/v1/issue?manager_id=1');
    const row = r.json().results.find((x: { issue_id: number }) => x.issue_id === ids.wOpen);
    expect(row).toMatchObject({
      location_id: bin,
      location_name: 'Warehouse > Hall 1 > Aisle 01 > Rack 02 > Shelf 3 > Bin 4',
      issue_note: 'warehouse open',
      solved: 0,
      manager_id: 1,
    });
    expect(typeof row.mold_name).toBe('string');
    expect(row.colour_hex).toMatch(/^[0-9A-Fa-f]{6}$/);
    expect(row.condition_name).toBeTruthy();
  });

  it("refuses the other manager's list and other roles (403), and bad manager ids (400)", async () => {
    expect((await call(s.wm, 'GET', '/v1/issue?manager_id=2')).statusCode).toBe(403);
    expect((await call(s.om, 'GET', '/v1/issue?manager_id=1')).statusCode).toBe(403);
    expect((await call(s.picker, 'GET', '/v1/issue?manager_id=1')).statusCode).toBe(403);
    expect((await call(s.wm, 'GET', '/v1/issue?manager_id=3')).statusCode).toBe(400);
    expect((await call(s.both, 'GET', '/v1/issue?manager_id=2')).statusCode).toBe(200);
  });

  it('marks an issue solved; only solved issues can be deleted', async () => {
    const early = await call(s.wm, 'DELETE', `/v1/issue?issue_id=${ids.wOpen}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].detail).toBe(ReportMessages.onlySolvedDeleted);

    const done = await call(s.wm, 'PUT', `/v1/issue?issue_id=${ids.wOpen}&solved=true`);
    expect(done.statusCode).toBe(200);
    expect(done.json().issue).toMatchObject({ issue_id: ids.wOpen, solved: 1 });
    expect(await listIds(s.wm, 'manager_id=1')).not.toContain(ids.wOpen);
    expect(await listIds(s.wm, 'manager_id=1&all_issues=true')).toContain(ids.wOpen);

    const del = await call(s.wm, 'DELETE', `/v1/issue?issue_id=${ids.wOpen}`);
    expect(del.statusCode).toBe(200);
    expect(await listIds(s.wm, 'manager_id=1&all_issues=true')).not.toContain(ids.wOpen);
    expect((await call(s.wm, 'DELETE', `/v1/issue?issue_id=${ids.wOpen}`)).statusCode).toBe(404);
  });

  it('lets either manager handle an issue for both, but not the other manager’s own', async () => {
    expect(
      (await call(s.wm, 'PUT', `/v1/issue?issue_id=${ids.oOpen}&solved=true`)).statusCode,
    ).toBe(403);
    expect(
      (await call(s.om, 'PUT', `/v1/issue?issue_id=${ids.bothOpen}&solved=true`)).statusCode,
    ).toBe(200);
    expect((await call(s.wm, 'DELETE', `/v1/issue?issue_id=${ids.bothOpen}`)).statusCode).toBe(200);
    expect(
      (await call(s.picker, 'PUT', `/v1/issue?issue_id=${ids.oOpen}&solved=true`)).statusCode,
    ).toBe(403);
  });

  it('keeps companies apart (404)', async () => {
    expect(
      (await call(s.otherWm, 'PUT', `/v1/issue?issue_id=${ids.wSolved}&solved=true`)).statusCode,
    ).toBe(404);
    expect((await call(s.otherWm, 'DELETE', `/v1/issue?issue_id=${ids.wSolved}`)).statusCode).toBe(
      404,
    );
    const theirs = await listIds(s.otherWm, 'manager_id=1');
    expect(theirs).toContain(ids.other);
    expect(theirs).not.toContain(ids.bothOpen);
    expect(theirs).not.toContain(ids.wSolved);
  });
});
