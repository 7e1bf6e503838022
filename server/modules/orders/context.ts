import type { Kysely, Transaction } from 'kysely';
import { PickingStatus } from '../../../contract/orders';
import type { SessionUser } from '../../auth/tokens';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { nextVersion, recordTombstone } from '../../sync';

/**
 * What a write of this module needs: the caller, the company, and the company's sync version for
 * this transaction (taken once, first, so all writers of a company queue in one order). Both the
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
  return db.transaction().execute((trx) => {
    let taken: Promise<number> | undefined;
    const ctx: WriteCtx = {
      companyId: user.companyId,
      userId: user.id,
      version: () => (taken ??= nextVersion(trx, user.companyId)),
    };
    return fn(trx, ctx);
  });
}

/**
 * A refusal with the HTTP status the REST path answers and the code the outbox answers
 * (push turns any 4xx AppError into a rejection with its code and message).
 */
export function refuse(status: number, code: string, message: string): AppError {
  return new AppError(status, message, code);
}

/** An order is "on the floor" (pulled by devices) while pickable and not picked. */
export function isOnFloor(o: { pickable: number; picking_status_id: number }): boolean {
  return Number(o.pickable) === 1 && Number(o.picking_status_id) !== PickingStatus.PICKED;
}

/**
 * Keeps devices right when an order leaves or re-enters the floor collections: leaving records
 * tombstones for the order and its items; re-entering restamps the items (the order row itself
 * was just written with the same version).
 */
export async function floorTransition(
  trx: Trx,
  ctx: WriteCtx,
  orderId: number,
  wasOnFloor: boolean,
  nowOnFloor: boolean,
): Promise<void> {
  if (wasOnFloor === nowOnFloor) return;
  const version = await ctx.version();
  if (!nowOnFloor) {
    await recordTombstone(trx, ctx.companyId, 'orders', orderId, version);
    const items = await trx
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', orderId)
      .where('company_id', '=', ctx.companyId)
      .execute();
    for (const i of items) {
      await recordTombstone(trx, ctx.companyId, 'order_items', i.id, version);
    }
  } else {
    await trx
      .updateTable('order_items')
      .set({ version })
      .where('order_id', '=', orderId)
      .where('company_id', '=', ctx.companyId)
      .execute();
  }
}
