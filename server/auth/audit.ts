import { sql, type Kysely } from 'kysely';
import type { AuditAction, AuditEntry, AuditListResponse } from '../../contract/audit';
import type { Database } from '../db/schema';
import type { SessionUser } from './tokens';

/** Addresses are kept at most this long (a failed sign-in records whatever was typed). */
const EMAIL_MAX = 254;

export interface AuditEvent {
  action: AuditAction;
  /** The company the entry belongs to (whose admin may read it); null for no company. */
  companyId: number | null;
  actorUserId?: number | null;
  actorEmail?: string | null;
  targetUserId?: number | null;
  targetEmail?: string | null;
  targetCompanyId?: number | null;
  permissionId?: number | null;
  ip?: string | null;
  /** What the entry is about in words; never a secret. */
  detail?: string | null;
}

/** Writes one audit entry. */
export async function recordAudit(db: Kysely<Database>, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      company_id: event.companyId,
      actor_user_id: event.actorUserId ?? null,
      actor_email: event.actorEmail?.slice(0, EMAIL_MAX) ?? null,
      action: event.action,
      target_user_id: event.targetUserId ?? null,
      target_email: event.targetEmail?.slice(0, EMAIL_MAX) ?? null,
      target_company_id: event.targetCompanyId ?? null,
      permission_id: event.permissionId ?? null,
      ip: event.ip ?? null,
      detail: event.detail ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * Records what a signed-in admin did to a user or a company, in one call from where it happens.
 * The entry belongs to the company concerned: `target.companyId`, else the target user's company,
 * else the caller's. Pass the target's e-mail when the user is already gone (a deletion).
 */
export async function audit(
  db: Kysely<Database>,
  caller: SessionUser,
  action: AuditAction,
  target: {
    userId?: number;
    email?: string;
    companyId?: number;
    permissionId?: number;
    detail?: string;
  },
): Promise<void> {
  const actor = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', caller.id)
    .executeTakeFirst();
  const user =
    target.userId === undefined
      ? undefined
      : await db
          .selectFrom('users')
          .select(['email', 'company_id'])
          .where('id', '=', target.userId)
          .executeTakeFirst();
  await recordAudit(db, {
    action,
    companyId: target.companyId ?? user?.company_id ?? caller.companyId,
    actorUserId: caller.id,
    actorEmail: actor?.email ?? null,
    targetUserId: target.userId ?? null,
    targetEmail: target.email ?? user?.email ?? null,
    targetCompanyId: target.companyId ?? null,
    permissionId: target.permissionId ?? null,
    detail: target.detail ?? null,
  });
}

export interface AuditFilter {
  /** Part of an e-mail address: who did it or whom it was done to. */
  who?: string;
  action?: AuditAction;
  /** First and last day (YYYY-MM-DD, UTC), both included. */
  from?: string;
  to?: string;
}

/** `%` and `_` in typed text match themselves. */
function likeText(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
}

/**
 * A page of entries, newest first: one company's, or every entry when companyId is null, narrowed
 * by the filter.
 */
export async function listAudit(
  db: Kysely<Database>,
  companyId: number | null,
  page: number,
  limit: number,
  filter: AuditFilter = {},
): Promise<AuditListResponse> {
  let rows = db.selectFrom('audit_log');
  if (companyId !== null) rows = rows.where('company_id', '=', companyId);
  if (filter.action) rows = rows.where('action', '=', filter.action);
  if (filter.from) rows = rows.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) rows = rows.where('created_at', '<', nextDay(filter.to));
  const who = filter.who?.trim();
  if (who) {
    const pattern = likeText(who);
    rows = rows.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['actor_email']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['target_email']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  const { count } = await rows
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const results = await rows
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { results: results as AuditEntry[], count: Number(count) };
}
