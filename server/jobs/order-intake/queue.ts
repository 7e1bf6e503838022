import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { queueDue, queueOnce } from '../queue';
import { ORDER_INTAKE } from '.';

/**
 * Queues an order intake for a store, unless one is already waiting or running for it (then that
 * one is answered). For the "import orders now" button.
 */
export function queueOrderIntake(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  userId: number | null,
): Promise<number> {
  return queueOnce(db, { companyId, kind: ORDER_INTAKE, storeId, userId });
}

/** The schedule's order intakes (see `queueDue`). */
export function queueDueOrderIntakes(db: Kysely<Database>, everyMs: number): Promise<number> {
  return queueDue(db, ORDER_INTAKE, everyMs);
}
