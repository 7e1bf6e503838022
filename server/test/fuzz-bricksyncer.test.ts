import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JSON_API } from '../../contract/bricksyncer';
import type { RouteAccess } from '../app';
import { asQuery, pathValues, sendFuzzed, signInWithEveryPermission } from './fuzz-support';
import { createTestApp, describeEachDialect, type TestApp } from './helpers';
import { edgeJson, edgeText, fromZod } from './zod-arbitrary';

/**
 * Property: every route of the marketplace back office (stores, items on sale, stock errors,
 * settings, logs, sync batches, jobs) answers below 500 to any path, query and body, on both
 * databases, and the server stays healthy. Each route gets its own runs, so none is left out:
 * paths, queries and bodies are shaped by the route's schemas with NUL characters, integers
 * beyond 32 bits, huge prices and bulk sizes, empties and wrong types mixed in, sometimes sent as
 * JSON:API.
 *
 * FUZZ_BRICKSYNCER_RUNS (default 40) cases per route and database.
 */
const RUNS = Number(process.env.FUZZ_BRICKSYNCER_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Numbers the back office's price and bulk fields meet from a careless or hostile client. */
const bigNumbers = fc.constantFrom<unknown>(1e12, 2 ** 53, 1e308, -1, 0.5, '1e20', '99999999999');

const isSyncerRoute = (r: RouteAccess) =>
  r.method !== 'HEAD' && Array.isArray(r.access) && r.access.includes('bricksyncer');

describeEachDialect('fuzzing every bricksyncer route', (dialect) => {
  let t: TestApp;
  let auth: string;
  let routes: RouteAccess[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    auth = await signInWithEveryPermission(t.app, 'fuzz.syncer@demo.test');
    routes = t.app.routeTable.filter(isSyncerRoute);
  });
  afterAll(() => t.close());

  const request = (route: RouteAccess) =>
    fc.record({
      path: pathValues(route),
      query: fc.oneof(
        { weight: 4, arbitrary: fromZod(route.querystring, edgeText).map(asQuery) },
        fc.dictionary(fc.string({ maxLength: 8 }), edgeText, { maxKeys: 3 }),
      ),
      body: fc.oneof(
        { weight: 6, arbitrary: fromZod(route.body, fc.oneof(edgeJson, bigNumbers)) },
        fc.jsonValue({ maxDepth: 2 }),
      ),
      signedIn: fc.constant(true),
      contentType: fc.constantFrom(undefined, JSON_API),
    });

  it('finds the back office, sync batch and job routes', () => {
    const urls = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const route of [
      'GET /api/v2/stores',
      'POST /api/v2/stores',
      'PATCH /api/v2/stores/:storeId',
      'DELETE /api/v2/stores/:storeId',
      'PUT /api/v1/stock_store_item',
      'PATCH /api/v2/stock_item_errors/:id',
      'PATCH /api/v2/settings/:id',
      'GET /api/v2/log_entries',
      'POST /api/v1/new_sync_batch',
      'POST /api/v1/sync_batch_upload',
      'POST /api/v1/order_intake',
      'POST /api/v1/stock_sync',
      'GET /api/v1/jobs',
      'POST /api/v1/price_guide',
    ]) {
      expect(urls, route).toContain(route);
    }
  });

  it(
    'answers every bricksyncer route below 500, and stays healthy',
    async () => {
      const failures: string[] = [];
      for (const route of routes) {
        await fc
          .assert(
            fc.asyncProperty(request(route), async (req) => {
              const { status, line } = await sendFuzzed(t.app, auth, route, req);
              if (status < 500) return true;
              failures.push(line);
              return false;
            }),
            { numRuns: RUNS, seed: SEED, endOnFailure: true },
          )
          .catch((err: unknown) => {
            throw new Error(`${String(err)}\n${failures.slice(0, 5).join('\n')}`, { cause: err });
          });
      }
      const stores = await t.app.inject({
        method: 'GET',
        url: '/api/v2/stores',
        headers: { authorization: auth },
      });
      expect(stores.statusCode).toBe(200);
    },
    Math.max(60_000, RUNS * 30 * 150),
  );
});
