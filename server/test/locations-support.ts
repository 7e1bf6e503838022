import { randomUUID } from 'node:crypto';
import { Permission, type RoleName } from '../../contract/permissions';
import type { App } from '../app';
import { signAccessToken } from '../auth/tokens';
import { nowIso } from '../db/dialect';

/** Test helpers of the locations and reports suites (not used by the server). */

export async function companyId(app: App, name: string): Promise<number> {
  const row = await app.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A bearer header of a new user with `roles` in the company named `company`. */
export async function bearerFor(app: App, company: string, roles: RoleName[]): Promise<string> {
  const cid = await companyId(app, company);
  const { id } = await app.db
    .insertInto('users')
    .values({
      company_id: cid,
      email: `${roles.join('+')}.${randomUUID().slice(0, 8)}@locations.test`,
      name: roles.join('+'),
      password_hash: null,
      password_expires_at: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('user_permissions')
    .values(roles.map((r) => ({ user_id: id, permission_id: Permission[r] })))
    .execute();
  const { token } = await signAccessToken(
    app.config.jwtSecret,
    { sub: id, cid, permissions: roles.map((r) => Permission[r]) },
    3600,
  );
  return `Bearer ${token}`;
}

/** The company's locations as `id parent name code` lines, sorted: a snapshot of the tree. */
export async function treeSnapshot(app: App, cid: number): Promise<string[]> {
  const rows = await app.db
    .selectFrom('locations')
    .select(['id', 'parent_id', 'name', 'code'])
    .where('company_id', '=', cid)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.id} ${r.parent_id} ${r.name} ${r.code}`);
}

export async function idByCode(app: App, cid: number, code: string): Promise<number> {
  const row = await app.db
    .selectFrom('locations')
    .select('id')
    .where('company_id', '=', cid)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}
