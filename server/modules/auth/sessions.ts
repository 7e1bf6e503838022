import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { LoginResponse } from '../../../contract/auth';
import { hashToken, newOpaqueToken, signAccessToken } from '../../auth/tokens';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { effectivePermissions } from '../../auth/permissions';

/** A refresh token used a second time within this many seconds is a lost answer, not theft. */
export const REUSE_GRACE_SECONDS = 30;

export interface AccountRow {
  id: number;
  company_id: number;
  company_name: string;
  email: string;
  name: string;
  password_hash: string | null;
  password_expires_at: string | null;
}

export async function findAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<AccountRow | undefined> {
  // Stored lowercased; lower() also finds a row someone stored with capitals.
  return accountQuery(db)
    .where((eb) => eb.or([eb('users.email', '=', email), eb(sql`lower(users.email)`, '=', email)]))
    .executeTakeFirst();
}

export async function findAccountById(
  db: Kysely<Database>,
  id: number,
): Promise<AccountRow | undefined> {
  return accountQuery(db).where('users.id', '=', id).executeTakeFirst();
}

function accountQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.company_id',
      'companies.name as company_name',
      'users.email',
      'users.name',
      'users.password_hash',
      'users.password_expires_at',
    ]);
}

export function passwordExpired(account: AccountRow, now = Date.now()): boolean {
  return !!account.password_expires_at && Date.parse(account.password_expires_at) <= now;
}

/**
 * A new access token (permissions read from the database now) and a new refresh token in the
 * given family (a new family for a fresh sign-in). Only the refresh token's hash is stored.
 */
export async function issueSession(
  app: FastifyInstance,
  account: AccountRow,
  familyId: string = randomUUID(),
): Promise<LoginResponse> {
  const permissions = await effectivePermissions(app.db, account.id, account.company_id);
  const access = await signAccessToken(
    app.config.jwtSecret,
    { sub: account.id, cid: account.company_id, permissions },
    app.config.accessTokenTtlSeconds,
  );
  const refresh = newOpaqueToken();
  const now = Date.now();
  const refreshExpiresAt = new Date(now + app.config.refreshTokenTtlSeconds * 1000).toISOString();
  await app.db
    .insertInto('refresh_tokens')
    .values({
      user_id: account.id,
      family_id: familyId,
      token_hash: refresh.hash,
      created_at: new Date(now).toISOString(),
      expires_at: refreshExpiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return {
    access_token: access.token,
    expires_at: access.expiresAt.toISOString(),
    refresh_token: refresh.token,
    token_type: 'Bearer',
    refresh_expires_at: refreshExpiresAt,
    permissions,
    user: {
      id: account.id,
      name: account.name,
      email: account.email,
      company_id: account.company_id,
      company_name: account.company_name,
    },
  };
}

export async function revokeFamily(db: Kysely<Database>, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export type RefreshOutcome =
  | { ok: true; session: LoginResponse }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' | 'account' };

/**
 * Rotates a refresh token: the presented one is marked used and a new pair is issued in the same
 * family. Presenting an already-used token again within the grace period (the answer to the first
 * refresh was lost) gets another pair; later, it is treated as stolen and the family is revoked.
 */
export async function refreshSession(app: FastifyInstance, token: string): Promise<RefreshOutcome> {
  const db = app.db;
  const row = await db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  const now = Date.now();
  if (Date.parse(row.expires_at) <= now) return { ok: false, reason: 'expired' };

  let usedAt = row.used_at;
  if (!usedAt) {
    const marked = await db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(now).toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    // Lost a race with a concurrent refresh of the same token: that one used it just now.
    if (Number(marked.numUpdatedRows) !== 1) usedAt = new Date(now).toISOString();
  }
  if (usedAt && now - Date.parse(usedAt) > REUSE_GRACE_SECONDS * 1000) {
    await revokeFamily(db, row.family_id);
    app.log.warn({ userId: row.user_id }, 'refresh token reused: session family revoked');
    return { ok: false, reason: 'reused' };
  }

  const account = await findAccountById(db, row.user_id);
  if (!account || passwordExpired(account, now)) {
    await revokeFamily(db, row.family_id);
    return { ok: false, reason: 'account' };
  }
  return { ok: true, session: await issueSession(app, account, row.family_id) };
}

/** Ends the session the refresh token belongs to (its whole family). Unknown tokens are ignored. */
export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (row) await revokeFamily(db, row.family_id);
}
