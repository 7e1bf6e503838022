import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../db';
import { createTestApp, type TestApp } from './helpers';
import { makeFloor, type Floor } from './orders-fixture';

/** A suite's server and its floor (makeFloor): a company of its own with locations, items and stock. */
export interface FloorSuite {
  t: TestApp;
  f: Floor;
}

/**
 * The world of the orders and warehouse suites, set up before their tests and closed after them:
 * a fresh server and one floor on it. A suite's own beforeAll runs after this one, so it can ask
 * the floor for its users.
 */
export function floorSuite(dialect: DialectName): FloorSuite {
  const s = {} as FloorSuite;
  beforeAll(async () => {
    s.t = await createTestApp(dialect);
    s.f = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
  });
  afterAll(() => s.t.close());
  return s;
}
