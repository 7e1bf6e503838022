import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INT_MAX } from '../../contract/fields';
import { FillingMutation } from '../../contract/mutations/filling';
import { PickingMutation } from '../../contract/mutations/picking';
import { ALL_PERMISSION_IDS } from '../../contract/permissions';
import type { RouteAccess } from '../app';
import { DEMO_PASSWORD } from '../seed';
import { createTestApp, describeEachDialect, loginAs, type TestApp } from './helpers';
import { edgeJson, edgeText, fromZod } from './zod-arbitrary';

/**
 * Property: whatever query and body reach a route, the server answers below 500, and stays
 * healthy afterwards. Inputs are built from each route's parameter and body field names (from its
 * OpenAPI description) with values a careless or hostile client sends: NUL characters, integers
 * beyond 32 bits, empty strings, null, false, [], wrong types, and arbitrary JSON. The caller
 * holds every permission, so every route's handler is reached.
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

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.app.db;
    const admin = await db
      .selectFrom('users')
      .select(['company_id', 'password_hash'])
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('users')
      .values({
        company_id: admin.company_id,
        email: 'fuzz@demo.test',
        name: 'Fuzz',
        password_hash: admin.password_hash,
        password_expires_at: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_permissions')
      .values(ALL_PERMISSION_IDS.map((permission_id) => ({ user_id: id, permission_id })))
      .execute();
    auth = await loginAs(t.app, 'fuzz@demo.test', DEMO_PASSWORD);

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

  /** Query values are strings: numbers as digits, arrays as repeated keys. */
  const asQuery = (v: unknown): Record<string, string | string[]> => {
    const out: Record<string, string | string[]> = {};
    if (typeof v !== 'object' || v === null) return out;
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) continue;
      out[k] = Array.isArray(x) ? x.map((e) => String(e)) : String(x);
    }
    return out;
  };

  /** Input shaped by the route's own schemas (with edge values inside), or free-form. */
  const request = (shape: RouteShape) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          query: fromZod(shape.route.querystring, edgeText).map(asQuery),
          body: fromZod(shape.route.body),
          signedIn: fc.constant(true),
        }),
      },
      { weight: 1, arbitrary: freeForm(shape) },
    );

  const freeForm = (shape: RouteShape) =>
    fc.record({
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
          fc.asyncProperty(arbitrary, async ({ route, query, body, signedIn }) => {
            const shape = shapes[route];
            const search = new URLSearchParams();
            for (const [k, v] of Object.entries(query)) {
              for (const one of [v].flat()) search.append(k, one);
            }
            const { method, url } = shape.route;
            const res = await t.app.inject({
              method: method as 'GET',
              url: `${url}?${search.toString()}`,
              headers: {
                ...(signedIn ? { authorization: auth } : {}),
                'x-request-id': randomUUID(),
              },
              ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body as object }),
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) {
              failures.push(
                `${method} ${url}?${search} ${JSON.stringify(body)}: ${res.statusCode}`,
              );
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
    },
    Math.max(30_000, RUNS * 150),
  );
});
