import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADD_USER_EMPTY_EMAIL,
  CompanyMessages,
  supportEmail,
  TEMPORARY_PASSWORD_TTL_HOURS,
  type CompanyListResponse,
  type CompanyLoginResponse,
} from '../../../contract/admin';
import { ALL_PERMISSION_IDS, Permission } from '../../../contract/permissions';
import { hashPassword } from '../../auth/passwords';
import type { SessionUser } from '../../auth/tokens';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { EMAIL_PATTERN } from '../admin/users';
import { sendSetPasswordMail } from '../auth/email-links';
import { revokeAllSessions } from '../auth/sessions';
import { forgetAccess } from '../../auth/access-cache';

/** The platform operator's rules (docs/access.md): which permissions each company holds. */

export async function listCompanies(db: Kysely<Database>): Promise<CompanyListResponse> {
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .orderBy('name')
    .execute();
  const held = await db
    .selectFrom('company_permissions')
    .select(['company_id', 'permission_id'])
    .orderBy('permission_id')
    .execute();
  const global_permissions = await db
    .selectFrom('permissions')
    .select(['id as permission_id', 'description'])
    .orderBy('id')
    .execute();
  return {
    company_permissions: companies.map((c) => ({
      company_id: c.id,
      company_name: c.name,
      permissions: held.filter((h) => h.company_id === c.id).map((h) => h.permission_id),
    })),
    global_permissions,
  };
}

async function assertCompany(db: Kysely<Database>, companyId: number) {
  const company = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw notFound('This company does not exist.');
  return company;
}

async function assertPermission(db: Kysely<Database>, permissionId: number) {
  const permission = await db
    .selectFrom('permissions')
    .select('id')
    .where('id', '=', permissionId)
    .executeTakeFirst();
  if (!permission) throw badRequest(`Permission ${permissionId} does not exist.`);
}

export async function grantCompanyPermission(
  db: Kysely<Database>,
  companyId: number,
  permissionId: number,
): Promise<void> {
  await assertCompany(db, companyId);
  await assertPermission(db, permissionId);
  await db
    .insertInto('company_permissions')
    .values({ company_id: companyId, permission_id: permissionId })
    .onConflict((oc) => oc.columns(['company_id', 'permission_id']).doNothing())
    .execute();
  forgetAccess();
}

/** Revoking also takes the permission away from every user of that company. */
export async function revokeCompanyPermission(
  db: Kysely<Database>,
  caller: SessionUser,
  companyId: number,
  permissionId: number,
): Promise<void> {
  await assertCompany(db, companyId);
  await assertPermission(db, permissionId);
  if (companyId === caller.companyId && permissionId === Permission.brick_admin) {
    throw badRequest(
      'You cannot remove the brick_admin permission from your own company: nobody could manage the platform any more.',
    );
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('user_permissions')
      .where('permission_id', '=', permissionId)
      .where('user_id', 'in', (qb) =>
        qb.selectFrom('users').select('id').where('company_id', '=', companyId),
      )
      .execute();
    await trx
      .deleteFrom('company_permissions')
      .where('company_id', '=', companyId)
      .where('permission_id', '=', permissionId)
      .execute();
  });
  forgetAccess();
}

/** A password that is easy to read aloud and copy: 20 characters of base64url. */
function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * Creates or resets the company's support account (permission admin) with a temporary password
 * that stops working after TEMPORARY_PASSWORD_TTL_HOURS. Its earlier sessions end.
 */
export async function issueTemporaryLogin(
  db: Kysely<Database>,
  companyId: number,
): Promise<CompanyLoginResponse> {
  const company = await assertCompany(db, companyId);
  const email = supportEmail(companyId);
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  const expiresAt = new Date(Date.now() + TEMPORARY_PASSWORD_TTL_HOURS * 3600 * 1000).toISOString();

  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', email)
      .executeTakeFirst();
    let userId: number;
    if (existing) {
      if (existing.company_id !== companyId) {
        throw conflict(`${email} belongs to another company.`);
      }
      userId = existing.id;
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_expires_at: expiresAt })
        .where('id', '=', userId)
        .execute();
      await revokeAllSessions(trx, userId);
    } else {
      ({ id: userId } = await trx
        .insertInto('users')
        .values({
          company_id: companyId,
          email,
          name: `Support (${company.name})`,
          password_hash: passwordHash,
          password_expires_at: expiresAt,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    await trx
      .insertInto('user_permissions')
      .values({ user_id: userId, permission_id: Permission.admin })
      .onConflict((oc) => oc.columns(['user_id', 'permission_id']).doNothing())
      .execute();
  });
  forgetAccess();
  return { random_string: password, email, expires_at: expiresAt };
}

/**
 * Creates a company holding every permission but brick_admin, and its first admin: a user without
 * a password who is e-mailed an invitation to choose one. The name is unique (whatever its case)
 * and the address must have no account yet.
 */
export async function createCompany(
  app: FastifyInstance,
  input: { name: string; admin_email: string; admin_name?: string | null },
): Promise<{
  company: { id: number; name: string };
  admin: { id: number; email: string; name: string };
}> {
  const db = app.db;
  const name = input.name.trim();
  if (!name) throw badRequest(CompanyMessages.emptyName);
  const email = input.admin_email.trim().toLowerCase();
  if (!email) throw badRequest(ADD_USER_EMPTY_EMAIL);
  if (!EMAIL_PATTERN.test(email)) throw badRequest(`'${email}' is not a valid email address.`);
  const adminName = input.admin_name?.trim() || email;

  const result = await db.transaction().execute(async (trx) => {
    const sameName = await trx
      .selectFrom('companies')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
    if (sameName) throw conflict(CompanyMessages.nameTaken(name));
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (taken) throw conflict(CompanyMessages.emailTaken(email));
    const company = await trx
      .insertInto('companies')
      .values({ name, created_at: nowIso() })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('company_permissions')
      .values(
        ALL_PERMISSION_IDS.filter((p) => p !== Permission.brick_admin).map((permission_id) => ({
          company_id: company.id,
          permission_id,
        })),
      )
      .execute();
    const admin = await trx
      .insertInto('users')
      .values({
        company_id: company.id,
        email,
        name: adminName,
        password_hash: null,
        password_expires_at: null,
        created_at: nowIso(),
      })
      .returning(['id', 'email', 'name'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_permissions')
      .values({ user_id: admin.id, permission_id: Permission.admin })
      .execute();
    return { company, admin };
  });
  await sendSetPasswordMail(app, result.admin, 'invite');
  return result;
}
