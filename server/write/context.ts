import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '../auth/tokens';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { nextVersion, type MutationContext } from '../sync';

/**
 * The one transaction style of the server's writers. A write that changes a company's synced rows
 * (rows with a `version` column, or their tombstones) runs in `inTransaction` (REST routes) or in
 * the sync push's transaction (outbox mutations); both hand the rules a WriteCtx, and the rules
 * take `await ctx.version()` first, before reading what they will change: a REST write then
 * queues on the company's version counter (and on PostgreSQL waits for the pushes in flight),
 * while pushes run side by side, each write guarded in SQL (docs/offline.md). Shared reference data (the
 * catalog) is stamped with `nextVersion(trx, SHARED_SCOPE)` in the transaction that writes it.
 * Writes to rows devices never pull (users, sessions, permissions, companies, device reports) may
 * use `db.transaction()` directly.
 *
 * What a write needs: the caller, the company, and the company's sync version for
 * this transaction (taken once, first). Both the
 * REST routes and the outbox mutations build one, so both paths run the same rules.
 */
export interface WriteCtx {
  companyId: number;
  userId: number;
  version: () => Promise<number>;
}

export type Trx = Kysely<Database>;

/** Runs `fn` in one transaction with a WriteCtx for the caller (the REST path). */
export function inTransaction<T>(
  db: Kysely<Database>,
  user: SessionUser,
  fn: (trx: Transaction<Database>, ctx: WriteCtx) => Promise<T>,
): Promise<T> {
  return db.transaction().execute((trx) => fn(trx, transactionCtx(trx, user.companyId, user.id)));
}

/** The WriteCtx of a write in `trx`: the company's version is taken when first asked for, once. */
export function transactionCtx(trx: Trx, companyId: number, userId: number): WriteCtx {
  let taken: Promise<number> | undefined;
  return { companyId, userId, version: () => (taken ??= nextVersion(trx, companyId)) };
}

/** The WriteCtx of an outbox mutation: the push's transaction took or takes the version. */
export function writeCtx(ctx: MutationContext): WriteCtx {
  return { companyId: ctx.companyId, userId: ctx.user.id, version: ctx.version };
}

/**
 * A refusal with the HTTP status the REST path answers and the code the outbox answers
 * (push turns any 4xx AppError into a rejection with its code and message).
 */
export function refuse(status: number, code: string, message: string): AppError {
  return new AppError(status, message, code);
}
