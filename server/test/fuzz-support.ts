import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { ALL_PERMISSION_IDS } from '../../contract/permissions';
import type { App, RouteAccess } from '../app';
import { DEMO_PASSWORD } from '../seed';
import { loginAs } from './helpers';
import { edgeText, fromZod } from './zod-arbitrary';

/** Shared by the fuzz suites: the caller, path parameters, and one request. */

/** Signs in a new user of the demo company with every permission, so every handler is reached. */
export async function signInWithEveryPermission(app: App, email: string): Promise<string> {
  const admin = await app.db
    .selectFrom('users')
    .select(['company_id', 'password_hash'])
    .where('email', '=', 'admin@demo.test')
    .executeTakeFirstOrThrow();
  const { id } = await app.db
    .insertInto('users')
    .values({
      company_id: admin.company_id,
      email,
      name: 'Fuzz',
      password_hash: admin.password_hash,
      password_expires_at: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('user_permissions')
    .values(ALL_PERMISSION_IDS.map((permission_id) => ({ user_id: id, permission_id })))
    .execute();
  return loginAs(app, email, DEMO_PASSWORD);
}

/** The names of a route's path parameters (`/v2/stores/:storeId` → storeId). */
export function pathNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
}

/**
 * Path parameters as text: mostly what the route's schema takes (small ids that hit real rows),
 * with the edge values mixed in (beyond 32 bits, NUL, empty, broken UTF-16).
 */
export function pathValues(route: RouteAccess): fc.Arbitrary<Record<string, string>> {
  const shape = (route.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const name of pathNames(route.url)) {
    model[name] = fc
      .oneof({ weight: 3, arbitrary: fromZod(shape[name], edgeText) }, edgeText)
      .map((v) => String(v));
  }
  return fc.record(model);
}

/** Percent-encodes a path segment; a lone surrogate goes as the bytes a careless client sends. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** The route's url with its parameters filled in. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => segment(values[name] ?? ''));
}

/** Query values are strings: numbers as digits, arrays as repeated keys. */
export function asQuery(v: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (typeof v !== 'object' || v === null) return out;
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) continue;
    out[k] = Array.isArray(x) ? x.map((e) => String(e)) : String(x);
  }
  return out;
}

export interface FuzzRequest {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  signedIn: boolean;
  contentType?: string;
}

/** Sends one fuzzed request; answers its status and a line naming it (for a failure). */
export async function sendFuzzed(
  app: App,
  auth: string,
  route: RouteAccess,
  req: FuzzRequest,
): Promise<{ status: number; line: string }> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) {
    for (const one of [v].flat()) search.append(k, one);
  }
  const url = `${fillPath(route.url, req.path)}?${search.toString()}`;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const res = await app.inject({
    method: route.method as 'GET',
    url,
    headers: {
      ...(req.signedIn ? { authorization: auth } : {}),
      ...(hasBody && req.contentType ? { 'content-type': req.contentType } : {}),
      'x-request-id': randomUUID(),
    },
    ...(hasBody
      ? { payload: req.contentType ? JSON.stringify(req.body) : (req.body as object) }
      : {}),
  });
  return {
    status: res.statusCode,
    line: `${route.method} ${url} ${JSON.stringify(req.body)}: ${res.statusCode} ${res.body.slice(0, 200)}`,
  };
}
