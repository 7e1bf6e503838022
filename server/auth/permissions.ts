import type { Kysely } from 'kysely';
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
 * What a signed-in caller may do at this moment: null when the user no longer exists in that
 * company (deleted) or the access token is of an older generation than the user's (issued before
 * a logout or a password change), else the effective permissions.
 */
export async function currentPermissions(
  db: Kysely<Database>,
  userId: number,
  companyId: number,
  tokenGeneration: number,
): Promise<number[] | null> {
  const user = await db
    .selectFrom('users')
    .select('token_generation')
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!user || user.token_generation !== tokenGeneration) return null;
  return effectivePermissions(db, userId, companyId);
}
