import { afterAll, beforeAll, expect } from 'vitest';
import type { DialectName } from '../db';
import type { TrayRow } from '../../contract/batch-trays';
import type { BatchRow } from '../../contract/projects';
import { nowIso } from '../db/dialect';
import { newTray } from '../modules/batch-trays/rules';
import { caller, createTestApp, type Call, type TestApp } from './helpers';
import { bearerFor, companyId } from './locations-support';

/** Test helpers of the digitizing suites (projects, batches, batch trays); not used by the server. */

/** A fresh server with Demo Bricks' digitizing roles and a manager of another company. */
export interface Digitizing {
  t: TestApp;
  /** Demo Bricks' company id. */
  demo: number;
  manager: string;
  digiUser: string;
  /** A picker of Demo Bricks (fills trays on the floor). */
  filler: string;
  /** A digibrick_manager of Other Bricks. */
  stranger: string;
}

export async function startDigitizing(dialect: DialectName): Promise<Digitizing> {
  const t = await createTestApp(dialect);
  return {
    t,
    demo: await companyId(t.app, 'Demo Bricks'),
    manager: await bearerFor(t.app, 'Demo Bricks', ['digibrick_manager']),
    digiUser: await bearerFor(t.app, 'Demo Bricks', ['digibrick_user']),
    filler: await bearerFor(t.app, 'Demo Bricks', ['picker']),
    stranger: await bearerFor(t.app, 'Other Bricks', ['digibrick_manager']),
  };
}

/** Calls `/api/v3/brickbase/<url>` (the BrickBase catalog's API) on `t`'s server as `auth`. */
export function brickbaseCaller(t: () => TestApp): Call {
  const call = caller(t);
  return (auth, method, url, payload) => call(auth, method, `/v3/brickbase/${url}`, payload);
}

/**
 * The catalog review calls on `t`'s server: BrickBase's API, a suggestion made as `auth`, a
 * suggestion accepted or rejected as `auth`, and a catalog object's uuid by its id.
 */
export function catalogReview(t: () => TestApp) {
  const call = brickbaseCaller(t);
  return {
    call,
    suggest: (auth: string, body: object) => call(auth, 'POST', 'suggestions/', body),
    review: (auth: string, uuid: string, action: 'accept' | 'reject' = 'accept') =>
      call(auth, 'POST', `suggestion/${uuid}/${action}/`, { description: '', changes: {} }),
    uuidOf: async (table: 'parts' | 'sets' | 'minifigs' | 'elements', id: number) => {
      const { db } = t().app;
      const row = await db
        .selectFrom(table)
        .select('uuid')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.uuid;
    },
  };
}

/**
 * The BrickBase catalog suites' users (appSuite signs them in): a digitizer and an admin of Demo
 * Bricks, an admin of Other Bricks and the platform admin.
 */
export const CATALOG_CAST = {
  digi: 'digi.user@demo.test',
  admin: 'admin@demo.test',
  otherAdmin: 'admin@other.test',
  platform: 'platform@demo.test',
};

/** Creates a project named `name` as `auth` (NEW, content 'c', purpose 'p'); its id. */
export async function createProject(call: Call, auth: string, name: string): Promise<number> {
  const res = await call(auth, 'PUT', '/v1/projects', {
    name,
    condition: 'NEW',
    content: 'c',
    purpose: 'p',
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as { name: string; project_id: number }[]).find(
    (p) => p.name === name,
  )!.project_id;
}

/** Creates a batch named `name` in the project as `auth`; its id. */
export async function createBatch(
  call: Call,
  auth: string,
  projectId: number,
  name: string,
): Promise<number> {
  const res = await call(auth, 'PUT', `/v1/batches?project_id=${projectId}`, { name });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as BatchRow[]).find((b) => b.name === name)!.batch_id;
}

/** A tray as the editor saves it: the listed row's editable fields, with `change` applied. */
export const trayEdit = (r: TrayRow, change: Partial<TrayRow>) => ({
  tray_id: r.tray_id,
  item_id: r.item_id,
  mold_id: r.mold_id,
  colour_id: r.colour_id,
  condition: r.condition,
  quantity: r.quantity,
  price: r.price,
  status: r.status,
  comments: r.comments,
  ...change,
});

export interface TrayItem {
  id: number;
  mold_id: number;
  colour_id: number;
  condition: 'NEW' | 'LIKE_NEW' | 'GOOD' | 'ACCEPTABLE';
}

/** The company's first item in the warehouse. */
export async function firstItem(t: TestApp, company: number): Promise<TrayItem> {
  return await t.app.db
    .selectFrom('items')
    .select(['id', 'mold_id', 'colour_id', 'condition'])
    .where('company_id', '=', company)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/**
 * Trays 1..count of `item` in a batch, as made while digitizing (version 0, no location), straight
 * into the database; their ids in tray order.
 */
export async function insertTrays(
  t: TestApp,
  tray: {
    company: number;
    batchId: number;
    item: TrayItem;
    count: number;
    /** In thousandths of a euro (1000 is €1). */
    price: number;
    quantity?: (nr: number) => number;
    comments?: (nr: number) => string;
  },
): Promise<number[]> {
  const rows = await t.app.db
    .insertInto('trays')
    .values(
      Array.from({ length: tray.count }, (_, i) => ({
        company_id: tray.company,
        batch_id: tray.batchId,
        tray_nr: i + 1,
        item_id: tray.item.id,
        mold_id: tray.item.mold_id,
        colour_id: tray.item.colour_id,
        condition: tray.item.condition,
        quantity: tray.quantity?.(i + 1) ?? 1,
        price: tray.price,
        ...(tray.comments ? { comments: tray.comments(i + 1) } : {}),
        ...newTray(null, nowIso(), 0),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** What the batch helpers need of a suite: its server, roles, project and item. */
export interface BatchSuite {
  t: TestApp;
  call: Call;
  demo: number;
  manager: string;
  digiUser: string;
  projectId: number;
  item: TrayItem;
}

/** A batch named `name` made by the manager, with trays 1..count of the item at €1 each; its id. */
export async function managerBatch(s: BatchSuite, name: string, count: number): Promise<number> {
  const batchId = await createBatch(s.call, s.manager, s.projectId, name);
  await insertTrays(s.t, { company: s.demo, batchId, item: s.item, count, price: 1000 });
  return batchId;
}

/** A project's batches as the manager sees them. */
export async function batchList(s: BatchSuite): Promise<BatchRow[]> {
  const res = await s.call(s.manager, 'GET', `/v1/batches?project_id=${s.projectId}`);
  return res.json().results as BatchRow[];
}

/** A batch made by the digitizer with `n` trays of the item (quantity 1..n, price 2 euro each). */
export async function batchWithTrays(s: BatchSuite, name: string, n: number): Promise<number> {
  const res = await s.call(s.digiUser, 'PUT', `/v1/batches?project_id=${s.projectId}`, { name });
  expect(res.statusCode).toBe(200);
  const id = (await batchList(s)).find((b) => b.name === name)!.batch_id;
  if (n > 0)
    await insertTrays(s.t, {
      company: s.demo,
      batchId: id,
      item: s.item,
      count: n,
      price: 2000,
      quantity: (nr) => nr,
      comments: (nr) => `${name} #${nr}`,
    });
  return id;
}

/** A batch's trays as the server holds them (every column), in tray order. */
export const traysOf = (t: TestApp, batchId: number) =>
  t.app.db
    .selectFrom('trays')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('tray_nr')
    .execute();

/** One tray of a batch as the server holds it. */
export const trayOf = (t: TestApp, batchId: number, nr: number) =>
  t.app.db
    .selectFrom('trays')
    .selectAll()
    .where('batch_id', '=', batchId)
    .where('tray_nr', '=', nr)
    .executeTakeFirstOrThrow();

/** A batch's trays in tray order, the columns merge, duplicate and reset change. */
export const traysOfBatch = (t: TestApp, batchId: number) =>
  t.app.db
    .selectFrom('trays')
    .select(['id', 'tray_nr', 'quantity', 'price', 'status', 'accepted', 'comments', 'item_id'])
    .where('batch_id', '=', batchId)
    .orderBy('tray_nr')
    .execute();

/**
 * A digitizing suite's world, set up before its tests and closed after them: the server and roles
 * of startDigitizing, `call` on that server, the company's first item, and (when `project` is
 * named) a project of that name made by the manager.
 */
export function digitizingSuite(dialect: DialectName, project?: string): Digitizing & BatchSuite {
  const s = {} as Digitizing & BatchSuite;
  s.call = caller(() => s.t);
  beforeAll(async () => {
    Object.assign(s, await startDigitizing(dialect));
    s.item = await firstItem(s.t, s.demo);
    if (project) s.projectId = await createProject(s.call, s.manager, project);
  });
  afterAll(() => s.t.close());
  return s;
}

/**
 * The world of the batch actions suites (merge, duplicate, backup, reset): a digitizing suite with
 * the project 'Actions test', a maker of batches with trays in it, and a reader of a batch's trays.
 */
export function batchActionsSuite(dialect: DialectName) {
  const s = digitizingSuite(dialect, 'Actions test');
  return {
    s,
    batchWithTrays: (name: string, n: number) => batchWithTrays(s, name, n),
    trays: (batchId: number) => traysOfBatch(s.t, batchId),
  };
}
