import { afterAll, beforeAll } from 'vitest';
import type { RoleName } from '../../contract/permissions';
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
 * a fresh server, one floor on it and, for each name in `users`, the bearer header of the floor's
 * user with that role (`f.as(role)`). A suite's own beforeAll runs after this one, so it can ask
 * the floor for more users.
 */
export function floorSuite<U extends Record<string, RoleName> = Record<never, RoleName>>(
  dialect: DialectName,
  users = {} as U,
): FloorSuite & { [name in keyof U]: string } {
  const s = {} as FloorSuite & { [name in keyof U]: string };
  const bearers = s as unknown as Record<string, string>;
  beforeAll(async () => {
    s.t = await createTestApp(dialect);
    s.f = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
    for (const [name, role] of Object.entries(users)) bearers[name] = (await s.f.as(role)).auth;
  });
  afterAll(() => s.t.close());
  return s;
}
