import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADD_USER_EMPTY_EMAIL,
  type PermissionDefinition,
  type UserListResponse,
  type UserPermissions,
} from '../../../contract/admin';
import { Permission } from '../../../contract/permissions';
import { audit } from '../../auth/audit';
import type { SessionUser } from '../../auth/tokens';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { companyRow } from '../../write/company-row';
import { sendSetPasswordMail } from '../auth/email-links';
import { forgetAccess } from '../../auth/access-cache';

/**
 * The rules of user administration. Every query is scoped to the caller's company: a user of
 * another company is "not found", and inviting their address answers as for a new address, so
 * an admin never learns who exists elsewhere. Users outrank each other: brick_admin above admin
 * above every other role; a caller changes (grants, revokes, deletes) only users of at most
 * their own rank, and the last brick_admin of the platform is never deleted.
 */

export const LAST_BRICK_ADMIN =
  'This is the last brick_admin of the platform; the account cannot be deleted.';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The permissions the company holds, as matrix columns. Permission 0 only on the brick admin screen. */
export async function companyPermissionColumns(
  db: Kysely<Database>,
  companyId: number,
): Promise<PermissionDefinition[]> {
  const rows = await db
    .selectFrom('company_permissions as cp')
    .innerJoin('permissions as p', 'p.id', 'cp.permission_id')
    .select(['p.id as permission_id', 'p.description'])
    .where('cp.company_id', '=', companyId)
    .where('p.id', '<>', Permission.brick_admin)
    .orderBy('p.id')
    .execute();
  return rows;
}

export async function listUsers(
  db: Kysely<Database>,
  companyId: number,
): Promise<UserListResponse> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('company_id', '=', companyId)
    .orderBy('email')
    .execute();
  const grants = await db
    .selectFrom('user_permissions as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select(['up.user_id', 'up.permission_id'])
    .where('u.company_id', '=', companyId)
    .orderBy('up.permission_id')
    .execute();
  const byUser = new Map<number, number[]>();
  for (const g of grants) {
    const list = byUser.get(g.user_id) ?? [];
    list.push(g.permission_id);
    byUser.set(g.user_id, list);
  }
  const user_permissions: UserPermissions[] = users.map((u) => ({
    user_id: u.id,
    user_name: u.name,
    user_email: u.email,
    permissions: byUser.get(u.id) ?? [],
  }));
  return { user_permissions, company_permissions: await companyPermissionColumns(db, companyId) };
}

/** Creates a user without a password in the caller's company and e-mails an invitation. */
export async function inviteUser(
  app: FastifyInstance,
  caller: SessionUser,
  input: { user_email?: string; user_name?: string | null },
): Promise<{ id: number; email: string; name: string } | null> {
  const email = (input.user_email ?? '').trim().toLowerCase();
  if (!email) throw badRequest(ADD_USER_EMPTY_EMAIL);
  if (!EMAIL_PATTERN.test(email)) throw badRequest(`'${email}' is not a valid email address.`);
  const name = input.user_name?.trim() || email;

  // The address may belong to another company: answer exactly as for a new address (null: no
  // user created, no mail sent), so the inviting admin cannot learn that it exists.
  if (await addressTaken(app.db, caller.companyId, email)) return null;

  let id: number;
  try {
    ({ id } = await app.db
      .insertInto('users')
      .values({
        company_id: caller.companyId,
        email,
        name,
        password_hash: null,
        password_expires_at: null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (err) {
    // Two admins inviting the same address at once: the unique index decides.
    if (/unique/i.test(String((err as Error).message))) {
      await addressTaken(app.db, caller.companyId, email);
      return null;
    }
    throw err;
  }
  const user = { id, email, name };
  await sendSetPasswordMail(app, user, 'invite');
  return user;
}

/**
 * Whether the address already has an account: 409 when it is one of the caller's company (the
 * admin sees those users anyway), false when it is free, true when another company holds it.
 */
async function addressTaken(db: Kysely<Database>, companyId: number, email: string) {
  const existing = await db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!existing) return false;
  if (existing.company_id === companyId) {
    throw conflict(`A user with the email address ${email} already exists.`);
  }
  return true;
}

/** brick_admin (2) above admin (1) above every other role (0). */
function rankOf(permissions: readonly number[]): number {
  if (permissions.includes(Permission.brick_admin)) return 2;
  if (permissions.includes(Permission.admin)) return 1;
  return 0;
}

/** Refuses when the target user outranks the caller. */
async function assertNotOutranked(db: Kysely<Database>, caller: SessionUser, userId: number) {
  const held = await db
    .selectFrom('user_permissions')
    .select('permission_id')
    .where('user_id', '=', userId)
    .execute();
  if (rankOf(held.map((h) => h.permission_id)) > rankOf(caller.permissions)) {
    throw forbidden('You cannot change or delete a user with more rights than you.');
  }
}

/** The user, only when they belong to the company; otherwise 404 (never reveal other companies). */
async function userOfCompany(db: Kysely<Database>, companyId: number, userId: number) {
  return companyRow(db, 'users', companyId, userId, ['id', 'email', 'name'], () =>
    notFound('This user does not exist.'),
  );
}

/**
 * Before a user's permission is granted or revoked: the user is the caller's company's and does
 * not outrank the caller, and the permission is not brick_admin (the platform's alone).
 */
async function assertMayChange(
  db: Kysely<Database>,
  caller: SessionUser,
  userId: number,
  permissionId: number,
) {
  await userOfCompany(db, caller.companyId, userId);
  await assertNotOutranked(db, caller, userId);
  if (permissionId === Permission.brick_admin) {
    throw forbidden('The brick_admin permission can only be managed by the platform.');
  }
}

/** An admin hands out only what the company holds. */
async function assertGrantable(db: Kysely<Database>, companyId: number, permissionId: number) {
  const held = await db
    .selectFrom('company_permissions')
    .select('permission_id')
    .where('company_id', '=', companyId)
    .where('permission_id', '=', permissionId)
    .executeTakeFirst();
  if (!held) throw forbidden(`Your company does not hold permission ${permissionId}.`);
}

export async function grantUserPermission(
  db: Kysely<Database>,
  caller: SessionUser,
  userId: number,
  permissionId: number,
): Promise<void> {
  await assertMayChange(db, caller, userId, permissionId);
  await assertGrantable(db, caller.companyId, permissionId);
  await db
    .insertInto('user_permissions')
    .values({ user_id: userId, permission_id: permissionId })
    .onConflict((oc) => oc.columns(['user_id', 'permission_id']).doNothing())
    .execute();
  forgetAccess();
  await audit(db, caller, 'permission_granted', { userId, permissionId });
}

export async function revokeUserPermission(
  db: Kysely<Database>,
  caller: SessionUser,
  userId: number,
  permissionId: number,
): Promise<void> {
  await assertMayChange(db, caller, userId, permissionId);
  if (userId === caller.id && permissionId === Permission.admin) {
    throw badRequest('You cannot remove your own admin permission.');
  }
  await db
    .deleteFrom('user_permissions')
    .where('user_id', '=', userId)
    .where('permission_id', '=', permissionId)
    .execute();
  forgetAccess();
  await audit(db, caller, 'permission_revoked', { userId, permissionId });
}

export async function deleteUser(
  db: Kysely<Database>,
  caller: SessionUser,
  userId: number,
): Promise<{ email: string }> {
  if (userId === caller.id) throw badRequest('You cannot delete your own account.');
  const user = await userOfCompany(db, caller.companyId, userId);
  await assertNotOutranked(db, caller, userId);
  try {
    await db.transaction().execute(async (trx) => {
      // Take the write lock on every brick_admin grant first (a no-op update), so two deletes of
      // the last two brick_admins queue and the second sees the first's result.
      await trx
        .updateTable('user_permissions')
        .set({ permission_id: Permission.brick_admin })
        .where('permission_id', '=', Permission.brick_admin)
        .execute();
      await trx
        .deleteFrom('users')
        .where('id', '=', userId)
        .where('company_id', '=', caller.companyId)
        .execute();
      forgetAccess();
      // A brick_admin counts where their company also holds the permission (as at sign-in).
      const left = await trx
        .selectFrom('user_permissions as up')
        .innerJoin('users as u', 'u.id', 'up.user_id')
        .innerJoin('company_permissions as cp', (j) =>
          j
            .onRef('cp.company_id', '=', 'u.company_id')
            .onRef('cp.permission_id', '=', 'up.permission_id'),
        )
        .select('up.user_id')
        .where('up.permission_id', '=', Permission.brick_admin)
        .limit(1)
        .executeTakeFirst();
      if (!left) throw conflict(LAST_BRICK_ADMIN);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (/foreign key/i.test(String((err as Error).message))) {
      throw conflict(`${user.email} is still referenced by other records and cannot be deleted.`);
    }
    throw err;
  }
  await audit(db, caller, 'user_deleted', { userId, email: user.email });
  return { email: user.email };
}
