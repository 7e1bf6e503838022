import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../db';
import { dumpWith } from './catalog-dump';
import { createTestApp, type TestApp } from './helpers';
import { bearerFor } from './locations-support';

/**
 * The catalog-import controller suites' world: a test app on the demo data, the admin's bearer,
 * the controller routes called with a bearer, and catalog dump folders removed when the suite
 * ends (CATALOG_SOURCE is cleared then too).
 */
export function controllersSuite(dialect: DialectName) {
  const s = {} as { t: TestApp; admin: string };
  const dirs: string[] = [];
  beforeAll(async () => {
    s.t = await createTestApp(dialect);
    s.admin = await bearerFor(s.t.app, 'Demo Bricks', ['admin']);
  });
  afterAll(async () => {
    delete process.env.CATALOG_SOURCE;
    await s.t.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const removedAtEnd = (dir: string) => {
    dirs.push(dir);
    return dir;
  };
  return Object.assign(s, {
    /** `method url` as `bearer` (the admin unless named). */
    call: (method: 'GET' | 'POST', url: string, bearer = s.admin) =>
      s.t.app.inject({ method, url, headers: { authorization: bearer } }),
    removedAtEnd,
    /** A copy of the sample dump with some files replaced (see dumpWith), removed at the end. */
    dump: (files: Record<string, string>) => removedAtEnd(dumpWith(files)),
  });
}
