import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Permission, type RoleName } from '../../contract/permissions';
import type { RouteAccess } from '../app';
import { DEMO_PASSWORD } from '../seed';
import { createTestApp, describeEachDialect, loginAs, type TestApp, userIdOf } from './helpers';

/**
 * Every /api route × every role × both demo companies, against the access rule the route
 * declares: a role outside the rule gets 403, a role inside never gets 401 or 403 (whatever its
 * input, the rule is checked first). Missing, expired, forged and unsigned tokens get 401
 * everywhere but the public routes. A user of the other company, sending this company's ids to
 * every route their role opens, never reads or changes anything of this company.
 */

const ROLES = Object.keys(Permission) as RoleName[];
type Company = 'Demo Bricks' | 'Other Bricks';
const COMPANIES: Company[] = ['Demo Bricks', 'Other Bricks'];

/** Company-scoped tables compared before and after the other company's calls. */
const COMPANY_TABLES = [
  'users',
  'items',
  'locations',
  'location_content',
  'projects',
  'batches',
  'trays',
  'orders',
  'order_items',
  'issues',
] as const;

describeEachDialect('authorization matrix', (dialect) => {
  let t: TestApp;
  let routes: RouteAccess[];
  /** `${company}/${role}` → bearer header of a user holding exactly that role. */
  const auth = new Map<string, string>();
  const companyIds = new Map<Company, number>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.app.db;
    for (const c of await db.selectFrom('companies').select(['id', 'name']).execute()) {
      companyIds.set(c.name as Company, c.id);
    }
    const { password_hash } = await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    for (const company of COMPANIES) {
      for (const role of ROLES) {
        const email = `matrix.${role}@${company === 'Demo Bricks' ? 'demo' : 'other'}.test`;
        const { id } = await db
          .insertInto('users')
          .values({
            company_id: companyIds.get(company)!,
            email,
            name: `Matrix ${role}`,
            password_hash,
            password_expires_at: null,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('user_permissions')
          .values({ user_id: id, permission_id: Permission[role] })
          .execute();
        // Other Bricks does not hold brick_admin: its "brick_admin" signs in with no permission.
        auth.set(`${company}/${role}`, await loginAs(t.app, email, DEMO_PASSWORD));
      }
    }
    routes = t.app.routeTable.filter(
      (r) => r.method !== 'HEAD' || r.url === '/api/v1/order/unassigned',
    );
  });
  afterAll(() => t.close());

  const call = (r: RouteAccess, authorization?: string, query = '', payload?: object) =>
    t.app.inject({
      method: r.method as 'GET',
      url: `${r.url}${query}`,
      headers: authorization ? { authorization } : {},
      ...(r.method === 'GET' || r.method === 'HEAD' || r.method === 'DELETE'
        ? {}
        : { payload: payload ?? {} }),
    });

  /** What the company lets the role do: a role the company does not hold gives nothing. */
  const effective = (company: Company, role: RoleName) =>
    company === 'Other Bricks' && role === 'brick_admin' ? [] : [role];

  /**
   * Reviewing a catalog suggestion is narrower than its roles: only the catalog's curators, the
   * platform admin and the admins of the company holding brick_admin (Demo Bricks here).
   */
  const curatorsOnly = (url: string) =>
    /\/brickbase\/suggestion\/:uuid\/(accept|reject)\/$/.test(url);

  const allowed = (access: RouteAccess['access'], roles: RoleName[]) =>
    access === 'public' ||
    access === 'user' ||
    (Array.isArray(access) && access.some((a) => roles.includes(a)));

  it('every route declares a rule, and the table covers the API', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('answers every route × role × company as its rule says', async () => {
    const unexpected: string[] = [];
    let calls = 0;
    for (const r of routes) {
      if (r.access === 'public') continue;
      for (const company of COMPANIES) {
        for (const role of ROLES) {
          const res = await call(r, auth.get(`${company}/${role}`));
          calls++;
          const expectAllow =
            allowed(r.access, effective(company, role)) &&
            !(curatorsOnly(r.url) && company === 'Other Bricks');
          const denied = res.statusCode === 401 || res.statusCode === 403;
          if (expectAllow === denied || res.statusCode >= 500) {
            unexpected.push(`${r.method} ${r.url} ${company}/${role}: ${res.statusCode}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(800);
    expect(unexpected).toEqual([]);
  });

  it('refuses missing, expired, forged and unsigned tokens on every non-public route', async () => {
    const good = auth.get('Demo Bricks/admin')!.slice('Bearer '.length);
    const claims = decodeJwt(good);
    const sign = (secret: string, exp: number) =>
      new SignJWT({ ...claims, exp })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const variants: Record<string, string | undefined> = {
      none: undefined,
      expired: `Bearer ${await sign(t.config.jwtSecret, now - 60)}`,
      forged: `Bearer ${await sign('not-the-secret', now + 600)}`,
      unsigned: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, permissions: [0, 1] })}.`,
      garbage: 'Bearer abc.def.ghi',
      basic: 'Basic YWRtaW5AZGVtby50ZXN0OmRlbW8tcGFzc3dvcmQ=',
    };
    const unexpected: string[] = [];
    for (const r of routes) {
      if (r.access === 'public') continue;
      for (const [name, header] of Object.entries(variants)) {
        const res = await call(r, header);
        if (res.statusCode !== 401)
          unexpected.push(`${r.method} ${r.url} ${name}: ${res.statusCode}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("never lets the other company read or change this company's rows", async () => {
    const db = t.app.db;
    const demo = companyIds.get('Demo Bricks')!;
    const first = async (table: (typeof COMPANY_TABLES)[number]) =>
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('company_id', '=', demo)
          .orderBy('id')
          .executeTakeFirst()
      )?.id;
    const location = await db
      .selectFrom('location_content')
      .select(['location_id', 'item_id'])
      .where('company_id', '=', demo)
      .where('quantity', '>', 0)
      .executeTakeFirstOrThrow();
    const ids: Record<string, number | undefined> = {
      order_id: await first('orders'),
      location_id: location.location_id,
      item_id: location.item_id,
      parent_id: location.location_id,
      source_location_id: location.location_id,
      target_location_id: location.location_id,
      from_location_id: location.location_id,
      into_location_id: location.location_id,
      tray_id: await first('trays'),
      batch_id: await first('batches'),
      issue_id: await first('issues'),
      user_id: await userIdOf(t.app, 'picker@demo.test'),
      company_id: demo,
    };
    const fields = {
      ...ids,
      colour_id: 1,
      manager_id: 1,
      quantity: 1,
      change: -1,
      quantity_picked: 1,
      amount: 1,
      name: 'taken over',
      picking_status_id: 'BEING_PICKED',
      permission_id: Permission.admin,
      selected: true,
      solved: 'true',
      note: 'cross-company',
      picker_issue: 'cross-company',
    };
    const query = `?${Object.entries(fields)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join('&')}`;
    const markers = [
      ...(
        await db.selectFrom('users').select('email').where('company_id', '=', demo).execute()
      ).map((u) => u.email),
      ...(
        await db
          .selectFrom('orders')
          .select('order_number')
          .where('company_id', '=', demo)
          .execute()
      ).map((o) => o.order_number),
    ];
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of COMPANY_TABLES) {
        out[table] = await db
          .selectFrom(table)
          .selectAll()
          .where('company_id', '=', demo)
          .orderBy('id')
          .execute();
      }
      return JSON.stringify(out);
    };

    const before = await snapshot();
    const leaks: string[] = [];
    const statuses = new Map<number, number>();
    let calls = 0;
    for (const r of routes) {
      if (r.access === 'public') continue;
      for (const role of ROLES) {
        if (!allowed(r.access, effective('Other Bricks', role))) continue;
        // All fields at once, and the one-field bodies of the routes that take exactly one.
        for (const body of [
          fields,
          { name: 'x' },
          { parent_id: ids.location_id },
          { pickable: 0 },
        ]) {
          const res = await call(r, auth.get(`Other Bricks/${role}`), query, body);
          calls++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) leaks.push(`${r.method} ${r.url} ${role}: ${res.statusCode}`);
          const found = markers.find((m) => res.body.includes(m));
          if (found) leaks.push(`${r.method} ${r.url} ${role}: shows ${found}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(240);
    // Most calls get past validation and are refused as not found (the ids are not theirs).
    expect(statuses.get(404) ?? 0).toBeGreaterThan(calls / 4);
    if (process.env.MATRIX_VERBOSE) console.log(Object.fromEntries(statuses));
    expect(leaks).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
