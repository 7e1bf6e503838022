import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';

/** The user's permissions that the user's company also holds, ascending. */
export async function effectivePermissions(
  db: Kysely<Database>,
  userId: number,
  companyId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('user_permissions')
    .innerJoin(
      'company_permissions',
      'company_permissions.permission_id',
      'user_permissions.permission_id',
    )
    .select('user_permissions.permission_id')
    .where('user_permissions.user_id', '=', userId)
    .where('company_permissions.company_id', '=', companyId)
    .orderBy('user_permissions.permission_id')
    .execute();
  return rows.map((r) => r.permission_id);
}

/**
 * The user's token generation and, one row each, the permissions of the user that the company
 * also holds (none: one row with a null permission; no row: no such user in that company).
 * One statement, since every signed-in request's access check runs it (see AccessCache).
 */
const accessQuery = prepared<
  Database,
  { token_generation: number; permission_id: number | null },
  Record<'userId' | 'companyId', number>
>((db, $) =>
  db
    .selectFrom('users')
    .leftJoin('user_permissions', 'user_permissions.user_id', 'users.id')
    .leftJoin('company_permissions', (join) =>
      join
        .onRef('company_permissions.permission_id', '=', 'user_permissions.permission_id')
        .onRef('company_permissions.company_id', '=', 'users.company_id'),
    )
    .select(['users.token_generation', 'company_permissions.permission_id'])
    .where('users.id', '=', $('userId'))
    .where('users.company_id', '=', $('companyId')),
);

/**
 * What a signed-in caller may do at this moment: null when the user no longer exists in that
 * company (deleted) or the access token is of an older generation than the user's (issued before
 * a logout or a password change), else the effective permissions, ascending.
 */
export async function currentPermissions(
  db: Kysely<Database>,
  userId: number,
  companyId: number,
  tokenGeneration: number,
): Promise<number[] | null> {
  const { rows } = await accessQuery(db, { userId, companyId });
  if (rows.length === 0 || rows[0].token_generation !== tokenGeneration) return null;
  const permissions = new Set<number>();
  for (const r of rows) if (r.permission_id !== null) permissions.add(r.permission_id);
  return [...permissions].sort((a, b) => a - b);
}
