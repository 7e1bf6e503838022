import { afterAll, beforeAll } from 'vitest';
import type { RoleName } from '../../contract/permissions';
import type { DialectName } from '../db';
import { createTestApp, loginAs, type TestApp, type TestAppOptions } from './helpers';
import { bearerFor, companyId } from './locations-support';

/**
 * Someone a suite calls as: a demo user's e-mail address (signed in through the login route), or
 * the company and roles of a new user made for the suite (bearerFor).
 */
export type SuiteUser = string | readonly [company: string, roles: RoleName[]];

/** A suite's server, Demo Bricks' company id and a bearer header for each of its users. */
export type AppSuite<U extends Record<string, SuiteUser>> = {
  t: TestApp;
  /** Demo Bricks' company id. */
  demo: number;
} & { [name in keyof U]: string };

/**
 * A fresh server on the demo data and its users' bearers, set up before the suite's tests and
 * closed after them. A suite's own beforeAll runs after this one, so it can use them.
 */
export function appSuite<U extends Record<string, SuiteUser> = Record<never, SuiteUser>>(
  dialect: DialectName,
  users = {} as U,
  options: TestAppOptions = {},
): AppSuite<U> {
  const s = {} as AppSuite<U>;
  const bearers = s as Record<string, string>;
  beforeAll(async () => {
    s.t = await createTestApp(dialect, {}, options);
    s.demo = await companyId(s.t.app, 'Demo Bricks');
    for (const [name, user] of Object.entries(users))
      bearers[name] =
        typeof user === 'string'
          ? await loginAs(s.t.app, user)
          : await bearerFor(s.t.app, user[0], user[1]);
  });
  afterAll(() => s.t.close());
  return s;
}
