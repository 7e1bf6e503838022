import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { hasAnyRole } from '../../contract/permissions';
import {
  SyncRejectCode,
  type MutationEnvelope,
  type MutationResult,
  type PushRequest,
} from '../../contract/sync';
import type { SessionUser } from '../auth/tokens';
import { nowIso } from '../db/dialect';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { findMutation, MutationRejected, type MutationContext } from './mutations';
import { nextVersion } from './version';

type Rejection = Extract<MutationResult, { status: 'rejected' }>;

export interface PushOutcome {
  /** One result per processed mutation, in seq order. */
  results: MutationResult[];
  lastSeq: number;
  /** Set when a server fault stopped the batch: this and every later mutation is unprocessed. */
  stoppedAt?: string;
}

/**
 * Applies a device's batch, each mutation in its own transaction, in seq order. A rejection is a
 * result like any other and never stops the batch; a server fault stops it (the rest stays in the
 * device's outbox and is sent again), because answering a fault as a rejection would lose the
 * user's change for good.
 */
export async function pushMutations(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  user: SessionUser,
  request: PushRequest,
): Promise<PushOutcome> {
  const deviceId = request.device_id;
  const batch = [...request.mutations].sort((a, b) => a.seq - b.seq);
  const device = await db
    .selectFrom('sync_devices')
    .select(['company_id', 'last_seq'])
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  // A device id last used in another company starts afresh: its history is not ours to see.
  const known = device && device.company_id === user.companyId ? Number(device.last_seq) : null;

  let highest = known;
  const results: MutationResult[] = [];
  let stoppedAt: string | undefined;
  for (const m of batch) {
    let result: MutationResult;
    try {
      result = await processMutation(db, log, user, deviceId, m);
    } catch (err) {
      log.error(
        { err, mutationId: m.id, mutation: m.name, deviceId, seq: m.seq },
        'sync mutation failed on the server; left for the device to send again',
      );
      stoppedAt = m.id;
      break;
    }
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
    results.push(result);
  }

  let lastSeq = highest ?? -1;
  if (results.length > 0) {
    try {
      lastSeq = await recordDeviceSeq(db, deviceId, user, lastSeq);
    } catch (err) {
      // The mutations are safely recorded; the seq is only bookkeeping for gap warnings.
      log.error({ err, deviceId }, 'sync push: could not record the device seq');
    }
  }
  return { results, lastSeq, stoppedAt };
}

async function processMutation(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  user: SessionUser,
  deviceId: string,
  m: MutationEnvelope,
): Promise<MutationResult> {
  const def = findMutation(m.name);
  let verdict: Rejection | undefined;
  let args: unknown;
  if (!def) {
    verdict = reject(m.id, SyncRejectCode.unknownMutation, `Unknown change: ${m.name}`);
  } else if (def.roles.length > 0 && !hasAnyRole(user.permissions, def.roles)) {
    verdict = reject(m.id, SyncRejectCode.forbidden, 'Permission denied');
  } else {
    const parsed = def.args.safeParse(m.args);
    if (parsed.success) args = parsed.data;
    else verdict = reject(m.id, SyncRejectCode.invalidArgs, describeIssues(m.name, parsed.error));
  }

  const trx = await db.startTransaction().execute();
  try {
    // The record goes in first: its primary key lets exactly one of several concurrent pushes of
    // this id through (PostgreSQL makes the others wait for that one's commit; SQLite runs one
    // write transaction at a time). The others find the record and answer with it.
    const claimed = await trx
      .insertInto('applied_mutations')
      .values({
        id: m.id,
        company_id: user.companyId,
        user_id: user.id,
        device_id: deviceId,
        seq: m.seq,
        name: m.name,
        status: verdict ? 'rejected' : 'applied',
        code: verdict?.code ?? null,
        message: verdict?.message ?? null,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) {
      await trx.rollback().execute();
      return recordedResult(db, m.id, user.companyId);
    }
    if (verdict || !def) {
      await trx.commit().execute();
      return verdict!;
    }

    const effect = await trx.savepoint('effect').execute();
    let versionTaken: Promise<number> | undefined;
    const ctx: MutationContext = {
      user,
      companyId: user.companyId,
      deviceId,
      mutationId: m.id,
      seq: m.seq,
      log: log.child({ mutationId: m.id, mutation: m.name }),
      version: () => (versionTaken ??= nextVersion(effect, user.companyId)),
    };
    try {
      await def.apply(effect, ctx, args);
    } catch (err) {
      const rejection = asRejection(m.id, err);
      if (!rejection) throw err;
      // Undo the effect, keep the record, and mark it rejected.
      await effect.rollbackToSavepoint('effect').execute();
      versionTaken = undefined; // the version taken inside the savepoint was rolled back too
      if (def.restamp) await def.restamp(effect, ctx, args);
      await effect
        .updateTable('applied_mutations')
        .set({ status: 'rejected', code: rejection.code, message: rejection.message })
        .where('id', '=', m.id)
        .execute();
      await effect.commit().execute();
      return rejection;
    }
    await effect.commit().execute();
    return { id: m.id, status: 'applied' };
  } catch (err) {
    if (!trx.isCommitted && !trx.isRolledBack)
      await trx
        .rollback()
        .execute()
        .catch(() => {});
    throw err;
  }
}

/** The answer recorded for an id, seen only by the company that sent it. */
async function recordedResult(
  db: Kysely<Database>,
  id: string,
  companyId: number,
): Promise<MutationResult> {
  const row = await db
    .selectFrom('applied_mutations')
    .select(['company_id', 'status', 'code', 'message'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (row.company_id !== companyId) {
    return reject(
      id,
      SyncRejectCode.duplicateId,
      'This change has the id of another change and was not applied.',
    );
  }
  if (row.status === 'applied') return { id, status: 'applied' };
  return reject(id, row.code ?? SyncRejectCode.rejected, row.message ?? 'Rejected');
}

async function recordDeviceSeq(
  db: Kysely<Database>,
  deviceId: string,
  user: SessionUser,
  seq: number,
): Promise<number> {
  const row = await db
    .insertInto('sync_devices')
    .values({
      device_id: deviceId,
      company_id: user.companyId,
      user_id: user.id,
      last_seq: seq,
      updated_at: nowIso(),
    })
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet((eb) => ({
        // Two tabs may push at once: keep the highest seq of this company.
        last_seq: sql<number>`case when sync_devices.company_id = excluded.company_id
          and sync_devices.last_seq > excluded.last_seq
          then sync_devices.last_seq else excluded.last_seq end`,
        company_id: eb.ref('excluded.company_id'),
        user_id: eb.ref('excluded.user_id'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

function reject(id: string, code: string, message: string): Rejection {
  return { id, status: 'rejected', code, message };
}

function asRejection(id: string, err: unknown): Rejection | undefined {
  if (err instanceof MutationRejected) return reject(id, err.code, err.message);
  if (err instanceof AppError && err.statusCode < 500) return reject(id, err.code, err.message);
  return undefined;
}

function describeIssues(name: string, error: z.ZodError): string {
  const problems = error.issues.map((i) =>
    i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message,
  );
  return `Invalid ${name}: ${problems.join('; ')}`;
}
