import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { MutationResult, PushRequest } from '../../contract/sync';
import type { SessionUser } from '../auth/tokens';
import type { Database } from '../db/schema';
import { submitChunk } from './push-group';

/**
 * Mutations per transaction. A push runs in transactions of up to this many mutations, each in a
 * savepoint of its own: one commit per chunk instead of one per mutation, while a chunk holds the
 * company's version counter (and, on SQLite, the only connection) for a bounded time.
 */
export const PUSH_CHUNK = 100;

export interface PushOutcome {
  /** One result per processed mutation, in seq order. */
  results: MutationResult[];
  lastSeq: number;
  /**
   * Set when the database failed under the push (a transaction could not begin or commit): this
   * and every later mutation is unprocessed and stays in the device's outbox.
   */
  stoppedAt?: string;
}

/**
 * Applies a device's batch in seq order. Each mutation runs in a savepoint inside its chunk's
 * transaction:
 * - a rejection (MutationRejected, a 4xx AppError, or the engine's own checks) is recorded and
 *   answered; replays get the same answer;
 * - a fault (any other error) undoes the mutation's record and effect, is logged with the
 *   mutation's id and answered `failed`; the rest of the batch still runs, and the device sends
 *   the failed one again later;
 * - when the database itself fails (the chunk cannot begin, roll back to a savepoint, or commit)
 *   the chunk's work is undone and the push stops there (`stoppedAt`).
 */
export async function pushMutations(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  user: SessionUser,
  request: PushRequest,
): Promise<PushOutcome> {
  const deviceId = request.device_id;
  const batch = [...request.mutations].sort((a, b) => a.seq - b.seq);
  if (batch.length === 0) return { results: [], lastSeq: await knownSeq(db, user, deviceId) };
  /** The device's highest seq so far: what the first chunk found known, then each chunk's. */
  let highest: number | null | undefined;
  const results: MutationResult[] = [];
  let stoppedAt: string | undefined;
  for (let i = 0; i < batch.length; i += PUSH_CHUNK) {
    const chunk = batch.slice(i, i + PUSH_CHUNK);
    const done = await submitChunk(db, log, { user, deviceId, chunk });
    if (!done) {
      stoppedAt = chunk[0].id;
      break;
    }
    if (highest === undefined) highest = done.known;
    for (const [k, m] of chunk.entries()) {
      if (highest !== null && m.seq > highest + 1) {
        log.warn(
          {
            deviceId,
            userId: user.id,
            companyId: user.companyId,
            missing: [highest + 1, m.seq - 1],
          },
          'sync push: seq gap (entries dropped on the device); applying anyway',
        );
      }
      highest = highest === null ? m.seq : Math.max(highest, m.seq);
      results.push(done.results[k]);
    }
    highest = Math.max(highest ?? -1, done.lastSeq);
  }
  return { results, lastSeq: highest ?? -1, stoppedAt };
}

/** An empty push answers the device's highest seq known (-1: none, or the database is down). */
async function knownSeq(db: Kysely<Database>, user: SessionUser, deviceId: string) {
  const device = await db
    .selectFrom('sync_devices')
    .select(['company_id', 'last_seq'])
    .where('device_id', '=', deviceId)
    .executeTakeFirst()
    .catch(() => undefined);
  return device && device.company_id === user.companyId ? Number(device.last_seq) : -1;
}
