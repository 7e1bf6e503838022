import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INT_MAX } from '../../contract/fields';
import { FillingMutation } from '../../contract/mutations/filling';
import { PickingMutation } from '../../contract/mutations/picking';
import type { RouteAccess } from '../app';
import { asQuery, pathValues, sendFuzzed, signInWithEveryPermission } from './fuzz-support';
import { expectLargestSummed, seedLargestDigitizing } from './fuzz-largest';
import { createTestApp, describeEachDialect, type TestApp } from './helpers';
import { companyId } from './locations-support';
import { edgeJson, edgeText, fromZod } from './zod-arbitrary';

/**
 * Property: whatever query and body reach a route, the server answers below 500, and stays
 * healthy afterwards. Inputs are built from each route's path, parameter and body field names
 * (from its schemas and OpenAPI description) with values a careless or hostile client sends: NUL characters, integers
 * beyond 32 bits, empty strings, null, false, [], wrong types, and arbitrary JSON. The caller
 * holds every permission, so every route's handler is reached. Numbers include the largest
 * values the routes take (prices, quantities, hours), and the company holds a project whose trays
 * are at the largest price and quantity, so the lists that add them up are fuzzed with them in.
 *
 * `npm test` runs FUZZ_RUNS (default 300) cases per database; set FUZZ_RUNS=20000 for a long run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const queryValue = fc.oneof(
  edgeText,
  fc.string(),
  fc.integer().map(String),
  fc.nat(20).map(String),
);
const bodyValue = fc.oneof(edgeJson, fc.string(), fc.integer(), fc.jsonValue({ maxDepth: 2 }));

const MUTATION_NAMES = [...Object.values(PickingMutation), ...Object.values(FillingMutation)];
const mutation = fc.record({
  id: fc.oneof(fc.uuid(), edgeText),
  seq: fc.oneof(fc.nat(), fc.constantFrom(INT_MAX, INT_MAX + 1, 2 ** 53, -1, 1.5)),
  name: fc.oneof(fc.constantFrom(...MUTATION_NAMES), edgeText),
  args: fc.dictionary(
    fc.constantFrom(
      'order_id',
      'order_item_id',
      'location_id',
      'item_id',
      'tray_id',
      'quantity',
      'note',
      'manager_id',
    ),
    bodyValue,
  ),
});

interface RouteShape {
  route: RouteAccess;
  query: string[];
  body: string[];
}

describeEachDialect('fuzzing every route', (dialect) => {
  let t: TestApp;
  let auth: string;
  let shapes: RouteShape[];
  let largest: Awaited<ReturnType<typeof seedLargestDigitizing>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    auth = await signInWithEveryPermission(t.app, 'fuzz@demo.test');
    largest = await seedLargestDigitizing(t, auth, await companyId(t.app, 'Demo Bricks'));

    const spec = t.app.swagger() as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    shapes = t.app.routeTable
      .filter((r) => r.method !== 'HEAD')
      .map((route) => {
        const op = spec.paths[route.url]?.[route.method.toLowerCase()];
        const props = op?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        return {
          route,
          query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          body: Object.keys(props),
        };
      });
  });
  afterAll(() => t.close());

  interface OpenApiOperation {
    parameters?: { in: string; name: string }[];
    requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
  }

  /** Input shaped by the route's own schemas (with edge values inside), or free-form. */
  const request = (shape: RouteShape) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          path: pathValues(shape.route),
          query: fromZod(shape.route.querystring, edgeText).map(asQuery),
          body: fromZod(shape.route.body),
          signedIn: fc.constant(true),
        }),
      },
      { weight: 1, arbitrary: freeForm(shape) },
    );

  const freeForm = (shape: RouteShape) =>
    fc.record({
      path: pathValues(shape.route),
      query: fc.dictionary(
        fc.oneof(fc.constantFrom(...(shape.query.length ? shape.query : ['x'])), fc.string()),
        fc.oneof(queryValue, fc.array(queryValue, { maxLength: 2 })),
        { maxKeys: 6 },
      ),
      body: shape.route.url.endsWith('/sync/push')
        ? fc.oneof(
            fc.record({
              device_id: fc.oneof(fc.constant('fuzz-device-1'), edgeText),
              mutations: fc.array(mutation, { maxLength: 5 }),
            }),
            fc.jsonValue(),
          )
        : fc.oneof(
            fc.dictionary(
              fc.oneof(fc.constantFrom(...(shape.body.length ? shape.body : ['x'])), fc.string()),
              bodyValue,
              { maxKeys: 6 },
            ),
            fc.jsonValue({ maxDepth: 2 }),
          ),
      signedIn: fc.boolean().map((b) => b || shape.route.access !== 'public'),
    });

  it(
    'answers below 500 to any query and body, and stays healthy',
    async () => {
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      // The route is named by its index, so a counterexample prints short.
      const arbitrary = fc
        .nat(shapes.length - 1)
        .chain((i) => request(shapes[i]).map((req) => ({ route: i, ...req })));
      await fc
        .assert(
          fc.asyncProperty(arbitrary, async ({ route, ...req }) => {
            const { status, line } = await sendFuzzed(t.app, auth, shapes[route].route, req);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status >= 500) {
              failures.push(line);
              return false;
            }
            return true;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch((err: unknown) => {
          throw new Error(`${String(err)}\n${failures.slice(0, 5).join('\n')}`, { cause: err });
        });
      if (process.env.FUZZ_VERBOSE) console.log(dialect, Object.fromEntries(statuses));
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const orders = await t.app.inject({
        method: 'GET',
        url: '/api/v1/order?limit=1',
        headers: { authorization: auth },
      });
      expect(orders.statusCode).toBe(200);
      await expectLargestSummed(t, auth, largest);
    },
    Math.max(30_000, RUNS * 150),
  );
});
