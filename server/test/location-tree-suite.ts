import { afterAll, beforeAll, expect } from 'vitest';
import type { DialectName } from '../db';
import { caller, createTestApp, type TestApp } from './helpers';
import { bearerFor, companyId, idByCode } from './locations-support';

/** One location as GET /v1/location_children lists it. */
export interface TreeNode {
  location_id: number;
  parent_id: number | null;
  location_name: string;
  code: string;
  has_children: boolean;
  has_content: boolean;
  is_selected_new_location: number;
}

/** A location-tree suite's server, Demo Bricks' id and the bearers of its users. */
export interface LocationTreeSuite {
  t: TestApp;
  demo: number;
  /** warehouse manager */
  wm: string;
  picker: string;
  /** order manager */
  orders: string;
  /** sales manager */
  sales: string;
  /** a warehouse manager of Other Bricks */
  otherWm: string;
}

/**
 * The world of the location tree suites, set up before their tests and closed after them: a fresh
 * server on the demo data, a user of each role that meets the tree, the API called with a bearer,
 * one level of the tree read as a user, and a Demo Bricks location's id by its code.
 */
export function locationTreeSuite(dialect: DialectName) {
  const s = {} as LocationTreeSuite;
  beforeAll(async () => {
    s.t = await createTestApp(dialect);
    s.demo = await companyId(s.t.app, 'Demo Bricks');
    s.wm = await bearerFor(s.t.app, 'Demo Bricks', ['warehouse_manager']);
    s.picker = await bearerFor(s.t.app, 'Demo Bricks', ['picker']);
    s.orders = await bearerFor(s.t.app, 'Demo Bricks', ['order_manager']);
    s.sales = await bearerFor(s.t.app, 'Demo Bricks', ['sales_manager']);
    s.otherWm = await bearerFor(s.t.app, 'Other Bricks', ['warehouse_manager']);
  });
  afterAll(() => s.t.close());

  const call = caller(() => s.t);
  /** The children of `parent`, or the root without it, as `auth` sees them. */
  const children = async (auth: string, parent?: number) => {
    const res = await call(
      auth,
      'GET',
      `/v1/location_children${parent ? `?parent_id=${parent}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json().results as TreeNode[];
  };
  const code = (c: string) => idByCode(s.t.app, s.demo, c);
  return Object.assign(s, { call, children, code });
}
