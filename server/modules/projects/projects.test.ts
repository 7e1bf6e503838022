import { afterAll, beforeAll, expect, it } from 'vitest';
import { ProjectMessages as M, type ProjectRow } from '../../../contract/projects';
import { startDigitizing } from '../../test/digitizing';
import { caller, describeEachDialect, details, type TestApp } from '../../test/helpers';
import { companyId } from '../../test/locations-support';

describeEachDialect('digitizing projects', (dialect) => {
  let t: TestApp;
  let manager: string;
  let digiUser: string;
  let picker: string;
  let otherManager: string;

  beforeAll(async () => {
    const d = await startDigitizing(dialect);
    ({ t, manager, digiUser, filler: picker, stranger: otherManager } = d);
  });
  afterAll(() => t.close());

  const call = caller(() => t);
  const form = {
    name: 'Garage sale June',
    condition: 'GOOD',
    content: 'Two boxes',
    purpose: 'Sell',
    comments: '',
    main_purchase_price: '120.456',
    other_purchase_price: '7,5',
    sorting_hours: 3,
    other_hours: '',
  };
  const byName = (rows: ProjectRow[], name: string) => rows.find((p) => p.name === name)!;

  it('creates a project with numbers fixed to two decimals; lists by status', async () => {
    const res = await call(digiUser, 'PUT', '/v1/projects', form);
    expect(res.statusCode).toBe(200);
    const p = byName(res.json().results, form.name);
    expect(p).toMatchObject({
      status: 'in progress',
      main_purchase_price: 120.46,
      other_purchase_price: 7.5,
      sorting_hours: 3,
      other_hours: 0,
      total_price: 0,
    });
    const archived = await call(digiUser, 'GET', '/v1/projects?status=is%20archived');
    const names = (archived.json().results as ProjectRow[]).map((r) => r.name);
    expect(names).toContain('Bulk lot March');
    expect(names).not.toContain(form.name);
    const both = await call(
      digiUser,
      'GET',
      '/v1/projects?status=is%20archived&status=in%20progress',
    );
    expect(both.json().results.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a new project with every message that applies', async () => {
    const res = await call(manager, 'PUT', '/v1/projects', {
      name: 'Attic collection 2024',
      condition: '',
      content: ' ',
      purpose: '',
      main_purchase_price: 'abc',
      other_purchase_price: '1.2.3',
      sorting_hours: 'x',
      other_hours: 'two',
    });
    expect(res.statusCode).toBe(400);
    expect(details(res)).toEqual([
      M.nameTaken,
      M.conditionEmpty,
      M.descriptionEmpty,
      M.purposeEmpty,
      M.mainPrice,
      M.otherPrice,
      M.time,
      M.otherHours,
    ]);
    const empty = await call(manager, 'PUT', '/v1/projects', { ...form, name: '' });
    expect(details(empty)).toEqual([M.nameEmpty]);
    const negative = await call(manager, 'PUT', '/v1/projects', {
      ...form,
      name: 'Negative',
      main_purchase_price: -1,
    });
    expect(details(negative)).toEqual(['The main price must be between 0 and 2000000']);
  });

  it('updates a project with the update wording; name stays unique', async () => {
    const list = (await call(digiUser, 'GET', '/v1/projects')).json().results as ProjectRow[];
    const p = byName(list, form.name);
    const bad = await call(digiUser, 'POST', '/v1/projects', {
      ...form,
      project_id: p.project_id,
      name: '',
      content: '',
      purpose: '',
      main_purchase_price: 'a',
      other_purchase_price: 'b',
      sorting_hours: 'c',
      other_hours: 'd',
    });
    expect(details(bad)).toEqual([
      M.nameEmptyUpdate,
      M.contentEmpty,
      M.purposeEmpty,
      M.mainPrice,
      M.otherPrice,
      M.sortingTime,
      M.additionalTime,
    ]);
    const taken = await call(digiUser, 'POST', '/v1/projects', {
      ...form,
      project_id: p.project_id,
      name: 'Estate lot Utrecht',
    });
    expect(details(taken)).toEqual([M.nameTaken]);
    const ok = await call(digiUser, 'POST', '/v1/projects', {
      ...form,
      project_id: p.project_id,
      other_hours: 1.005,
      comments: 'kept its name',
    });
    expect(ok.statusCode).toBe(200);
    expect(byName(ok.json().results, form.name)).toMatchObject({
      other_hours: 1.01,
      comments: 'kept its name',
    });
  });

  it('lets only a digibrick_manager change a project status', async () => {
    const list = (await call(digiUser, 'GET', '/v1/projects')).json().results as ProjectRow[];
    const id = byName(list, form.name).project_id;
    const body = { project_id: id, status: 'is archived' };
    expect((await call(digiUser, 'POST', '/v1/projects/status', body)).statusCode).toBe(403);
    const res = await call(manager, 'POST', '/v1/projects/status', body);
    expect(res.statusCode).toBe(200);
    expect(byName(res.json().results, form.name).status).toBe('is archived');
    const back = await call(manager, 'POST', '/v1/projects/status', {
      ...body,
      status: 'in progress',
    });
    expect(byName(back.json().results, form.name).status).toBe('in progress');
  });

  it('refuses other roles and keeps companies apart', async () => {
    expect((await call(picker, 'GET', '/v1/projects')).statusCode).toBe(403);
    expect((await call(picker, 'PUT', '/v1/projects', form)).statusCode).toBe(403);
    expect((await call(picker, 'GET', '/v1/batches?project_id=1')).statusCode).toBe(403);
    const demo = await companyId(t.app, 'Demo Bricks');
    const own = (await call(manager, 'GET', '/v1/projects')).json().results as ProjectRow[];
    const theirs = (await call(otherManager, 'GET', '/v1/projects')).json().results as ProjectRow[];
    const ownIds = own.map((p) => p.project_id);
    expect(theirs.some((p) => ownIds.includes(p.project_id))).toBe(false);
    const demoProject = await t.app.db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', demo)
      .executeTakeFirstOrThrow();
    const pid = demoProject.id;
    // The same name may exist in another company.
    const same = await call(otherManager, 'PUT', '/v1/projects', form);
    expect(same.statusCode).toBe(200);
    const asOther = [
      await call(otherManager, 'GET', `/v1/projects/name?project_id=${pid}`),
      await call(otherManager, 'POST', '/v1/projects', { ...form, project_id: pid }),
      await call(otherManager, 'POST', '/v1/projects/status', {
        project_id: pid,
        status: 'is archived',
      }),
      await call(otherManager, 'GET', `/v1/batches?project_id=${pid}`),
      await call(otherManager, 'PUT', `/v1/batches?project_id=${pid}`, { name: 'Sneaky' }),
      await call(otherManager, 'POST', `/v1/batches/status?project_id=${pid}`, {
        batch_id: 1,
        status: 'completed',
      }),
      await call(otherManager, 'POST', `/v1/batch/declaim?project_id=${pid}&batch_id=4`, {}),
    ];
    expect(asOther.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const name = await call(digiUser, 'GET', `/v1/projects/name?project_id=${pid}`);
    expect(name.json().project_name).toBe(own.find((p) => p.project_id === pid)!.name);
  });

  it('two creates of one name at once: one is saved, the other told the name exists', async () => {
    const twin = { ...form, name: 'Twin lot' };
    const answers = await Promise.all([
      call(manager, 'PUT', '/v1/projects', twin),
      call(digiUser, 'PUT', '/v1/projects', twin),
      call(manager, 'PUT', '/v1/batches?project_id=1', { name: 'Twin box' }),
      call(digiUser, 'PUT', '/v1/batches?project_id=1', { name: 'Twin box' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400]);
    const refused = answers.filter((r) => r.statusCode === 400).flatMap(details);
    expect(refused.sort()).toEqual([M.batchNameTaken, M.nameTaken].sort());
  });

  it('answers bad input with 400, never 500', async () => {
    const cases = [
      await call(manager, 'GET', '/v1/projects?status=done'),
      await call(manager, 'PUT', '/v1/projects', { ...form, name: 'x'.repeat(201) }),
      await call(manager, 'PUT', '/v1/projects', { ...form, main_purchase_price: [] }),
      await call(manager, 'POST', '/v1/projects/status', { project_id: 'a', status: 'x' }),
      await call(manager, 'GET', '/v1/batches?project_id=0'),
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
  });
});
