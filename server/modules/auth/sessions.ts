import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { LoginResponse } from '../../../contract/auth';
import { effectivePermissions } from '../../auth/permissions';
import { hashToken, newOpaqueToken, signAccessToken } from '../../auth/tokens';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { forgetAccess } from '../../auth/access-cache';

export interface AccountRow {
  id: number;
  company_id: number;
  company_name: string;
  email: string;
  name: string;
  password_hash: string | null;
  password_expires_at: string | null;
  token_generation: number;
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
      'users.token_generation',
    ]);
}

export function passwordExpired(account: AccountRow, now = Date.now()): boolean {
  return !!account.password_expires_at && Date.parse(account.password_expires_at) <= now;
}

/**
 * The refresh token that follows `token` in its family.
 *
 * It is derived, not random: an HMAC of the old token under the server's JWT secret. Whoever
 * presents the old token again (a phone whose refresh answer was lost, or ten tabs at once) can
 * thus be handed the very same successor without the server keeping it in a readable form: only
 * hashes of refresh tokens are stored, as for every other token, and deriving needs the secret that
 * already signs the access tokens. Concurrent presentations compute the same successor and its
 * insert is idempotent (token_hash is unique), so no lock and no waiting is needed.
 */
export function successorToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');
}

/** The answer to a sign-in or refresh: a new access token (permissions read now) and `refresh`. */
async function sessionAnswer(
  app: FastifyInstance,
  account: AccountRow,
  refresh: { token: string; expiresAt: string },
): Promise<LoginResponse> {
  const permissions = await effectivePermissions(app.db, account.id, account.company_id);
  const access = await signAccessToken(
    app.config.jwtSecret,
    {
      sub: account.id,
      cid: account.company_id,
      permissions,
      gen: account.token_generation,
    },
    app.config.accessTokenTtlSeconds,
  );
  return {
    access_token: access.token,
    expires_at: access.expiresAt.toISOString(),
    refresh_token: refresh.token,
    token_type: 'Bearer',
    refresh_expires_at: refresh.expiresAt,
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

/** Stores a refresh token's hash in a family; storing the same token again changes nothing. */
async function storeRefreshToken(
  app: FastifyInstance,
  userId: number,
  familyId: string,
  tokenHash: string,
  now: number,
): Promise<void> {
  await app.db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: tokenHash,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + app.config.refreshTokenTtlSeconds * 1000).toISOString(),
      used_at: null,
      revoked_at: null,
    })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}

/** A fresh sign-in: a new session family with a random refresh token (only its hash is stored). */
export async function issueSession(
  app: FastifyInstance,
  account: AccountRow,
): Promise<LoginResponse> {
  const refresh = newOpaqueToken();
  const now = Date.now();
  await storeRefreshToken(app, account.id, randomUUID(), refresh.hash, now);
  const expiresAt = new Date(now + app.config.refreshTokenTtlSeconds * 1000).toISOString();
  return sessionAnswer(app, account, { token: refresh.token, expiresAt });
}

/** Revokes the family's live tokens; true when it still had some. */
export async function revokeFamily(db: Kysely<Database>, familyId: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every access token issued to the user so far (checked on each request). */
export async function endAccessTokens(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ token_generation: sql<number>`token_generation + 1` })
    .where('id', '=', userId)
    .execute();
  forgetAccess();
}

/** Ends every session of the user: refresh tokens are revoked, access tokens stop at once. */
export async function revokeAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await endAccessTokens(db, userId);
}

export type RefreshOutcome =
  | { ok: true; session: LoginResponse }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' | 'account' };

/**
 * Rotates a refresh token: the presented one is marked used and its successor (see
 * successorToken) becomes the family's live token. Presenting the old token again while the
 * successor has never been presented itself answers the same successor, at any time within the old
 * token's lifetime (the first answer was lost); once the successor has been used, the old token
 * coming back means two holders of one session, and the whole family is revoked.
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

  const next = successorToken(app.config.jwtSecret, token);
  const nextHash = hashToken(next);
  // Read after the presented row: a successor is stored before its parent is marked used, so a
  // parent seen unused here can only have a successor that this read finds or that is still to come.
  const successor = await findRefreshRow(db, nextHash);
  if (successor?.used_at || (!successor && row.used_at)) {
    // The successor was used (or the token was rotated into some other successor): reuse.
    await revokeFamily(db, row.family_id);
    app.log.warn({ userId: row.user_id }, 'refresh token reused: session family revoked');
    return { ok: false, reason: 'reused' };
  }
  if (successor?.revoked_at) return { ok: false, reason: 'revoked' };

  const account = await findAccountById(db, row.user_id);
  if (!account || passwordExpired(account, now)) {
    await revokeFamily(db, row.family_id);
    return { ok: false, reason: 'account' };
  }
  if (!successor) await storeRefreshToken(app, row.user_id, row.family_id, nextHash, now);
  await db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(now).toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .execute();
  // Read back what was stored (a concurrent presentation may have stored it first, or a logout may
  // have revoked the family meanwhile): every presentation answers the same expiry.
  const stored = await findRefreshRow(db, nextHash);
  if (!stored || stored.revoked_at) return { ok: false, reason: 'revoked' };
  return {
    ok: true,
    session: await sessionAnswer(app, account, { token: next, expiresAt: stored.expires_at }),
  };
}

function findRefreshRow(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'used_at', 'revoked_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Ends the session the refresh token belongs to (its whole family) and every access token of its
 * user. False for a token this server does not know (never issued, or pruned long after it expired).
 */
export async function endSession(db: Kysely<Database>, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return false;
  // Logging out of an already ended session changes nothing (no other device is signed out again).
  if (await revokeFamily(db, row.family_id)) await endAccessTokens(db, row.user_id);
  return true;
}
