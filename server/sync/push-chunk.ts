import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type ControlledTransaction, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import { hasAnyRole } from '../../contract/permissions';
import {
  SyncRejectCode,
  SyncRejectMessages,
  type MutationEnvelope,
  type MutationResult,
} from '../../contract/sync';
import type { SessionUser } from '../auth/tokens';
import { nowIso } from '../db/dialect';
import { prepared } from '../db/prepared';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { recordedResult, runArgs, runMany, RunNotAtOnce, type GroupEntry } from './push-many';
import { recordDeviceSeqs, type DeviceSeqs } from './push-devices';
import { reservePushVersions } from './push-versions';
import {
  findMutation,
  MutationRejected,
  type AnyMutationDef,
  type MutationContext,
} from './mutations';

type Rejection = Extract<MutationResult, { status: 'rejected' }>;
type Failure = Extract<MutationResult, { status: 'failed' }>;
type Trx = Transaction<Database>;

/** The code of a `failed` result: the server could not apply the mutation this time. */
export const FAILED_CODE = 'server_error';
const FAILED_MESSAGE = 'The server could not apply this change; it will be sent again.';

/** A chunk of one device's push: up to PUSH_CHUNK mutations in seq order. */
export interface ChunkJob {
  user: SessionUser;
  deviceId: string;
  chunk: MutationEnvelope[];
}

/** What a chunk came to: one result per mutation, and the device's seqs known and recorded. */
export interface ChunkDone extends DeviceSeqs {
  results: MutationResult[];
}

/**
 * One transaction for the chunks of one company's pushes (several devices' chunks when pushes
 * arrive together, see push-group.ts): record each device's seq (push-devices.ts), reserve the versions of
 * all chunks at once (on PostgreSQL without holding the company's counter, see push-versions.ts),
 * run each mutation in a savepoint (or a run of them at once), commit once. undefined when the
 * database failed and nothing of the group was kept. A run is first tried without a savepoint;
 * should it not go at once, the group is rolled back and runs again with the run guarded.
 */
export async function runGroup(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  jobs: ChunkJob[],
  /** Runs applied at once in a savepoint of their own (see runMany); first tries go without. */
  guarded = false,
): Promise<ChunkDone[] | undefined> {
  let trx: ControlledTransaction<Database>;
  try {
    trx = await db.startTransaction().execute();
  } catch (err) {
    log.error(
      { err, devices: jobs.map((j) => j.deviceId) },
      'sync push: could not begin a transaction',
    );
    return undefined;
  }
  try {
    const { seqs, xid } = await recordDeviceSeqs(trx, jobs);
    const entries = jobs.flatMap(({ user, deviceId, chunk }) =>
      chunk.map((m) => ({ user, deviceId, m })),
    );
    const companyId = jobs[0].user.companyId;
    const top = await reservePushVersions(db, trx, companyId, entries.length, xid);
    const results = await runEntries(trx, log, entries, top - entries.length + 1, guarded);
    const done: ChunkDone[] = [];
    for (const job of jobs) {
      done.push({ results: results.splice(0, job.chunk.length), ...seqs.get(job)! });
    }
    await trx.commit().execute();
    return done;
  } catch (err) {
    if (err instanceof RunNotAtOnce) {
      // Versions taken for this try are left as a gap; the group takes new ones.
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      return runGroup(db, log, jobs, true);
    }
    log.error(
      {
        err,
        devices: jobs.map((j) => j.deviceId),
        mutationIds: jobs.flatMap((j) => j.chunk.map((m) => m.id)),
      },
      'sync push: the database failed; the chunk was undone and is left for the device to send again',
    );
    if (!trx.isCommitted && !trx.isRolledBack) {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
    }
    return undefined;
  }
}

/**
 * The group's mutations in order (each device's chunk in seq order); `first` is the version of the
 * first. A run of the same kind — a phone's queued picks, or the single picks of pickers whose
 * pushes came together — goes in a few statements when none of it is refused; otherwise, and for
 * everything else, one mutation at a time.
 */
async function runEntries(
  trx: Trx,
  log: FastifyBaseLogger,
  entries: GroupEntry[],
  first: number,
  guarded: boolean,
): Promise<MutationResult[]> {
  const results: MutationResult[] = [];
  const versionOf = (k: number) => first + k;
  for (let k = 0; k < entries.length;) {
    const args = runArgs(entries, k);
    const length = args.length;
    const many = length
      ? await runMany(trx, entries.slice(k, k + length), args, versionOf(k + length - 1), guarded)
      : undefined;
    if (many) {
      results.push(...many);
      k += length;
      continue;
    }
    for (const end = k + Math.max(length, 1); k < end; k++) {
      const { user, deviceId, m } = entries[k];
      results.push(await runMutation(trx, log, user, deviceId, m, versionOf(k)));
    }
  }
  return results;
}

const SAVE_M = CompiledQuery.raw('savepoint m');
const RELEASE_M = CompiledQuery.raw('release savepoint m');
const ROLLBACK_M = CompiledQuery.raw('rollback to savepoint m');

/**
 * The engine's own checks before a mutation runs: unknown name, missing role, invalid args. An
 * unknown name and invalid args are logged with the name and the problems; the device is told in
 * the floor's words, without them (the floor reads the message in its sync problems list).
 */
function precheck(
  log: FastifyBaseLogger,
  user: SessionUser,
  deviceId: string,
  m: MutationEnvelope,
): { def?: AnyMutationDef; args?: unknown; verdict?: Rejection } {
  const def = findMutation(m.name);
  if (!def) {
    log.warn(
      { mutationId: m.id, mutation: m.name, deviceId, seq: m.seq },
      `sync push: unknown change ${m.name}; refused`,
    );
    return {
      verdict: reject(m.id, SyncRejectCode.unknownMutation, SyncRejectMessages.unknownMutation),
    };
  }
  if (def.roles.length > 0 && !hasAnyRole(user.permissions, def.roles)) {
    return { verdict: reject(m.id, SyncRejectCode.forbidden, 'Permission denied') };
  }
  const parsed = def.args.safeParse(m.args);
  if (!parsed.success) {
    log.warn(
      { mutationId: m.id, mutation: m.name, deviceId, seq: m.seq },
      `sync push: ${describeIssues(m.name, parsed.error)}; refused`,
    );
    return {
      verdict: reject(m.id, SyncRejectCode.invalidArgs, SyncRejectMessages.invalidArgs),
    };
  }
  return { def, args: parsed.data };
}

/**
 * One mutation in savepoint `m`. Throws only when the transaction itself is broken (the savepoint
 * cannot be rolled back); a fault of the mutation is undone and answered `failed`.
 */
async function runMutation(
  trx: Trx,
  log: FastifyBaseLogger,
  user: SessionUser,
  deviceId: string,
  m: MutationEnvelope,
  version: number,
): Promise<MutationResult> {
  const { def, args, verdict } = precheck(log, user, deviceId, m);
  await trx.executeQuery(SAVE_M);
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await claimAndApply(trx, log, user, deviceId, m, version, def, args, verdict);
      await trx.executeQuery(RELEASE_M);
      return result;
    } catch (err) {
      // The database is out of reach (not a fault of this mutation): the whole chunk stops and
      // the device backs off, rather than counting a fault against each entry.
      if (isDatabaseUnavailable(err)) throw err;
      // Nothing of this mutation is kept, not even its record: a later push may still apply it.
      await trx.executeQuery(ROLLBACK_M);
      if (isLockConflict(err) && attempt < CONFLICT_ATTEMPTS) {
        // Another push held rows this one needed while waiting for rows of ours; PostgreSQL
        // broke the cycle by failing this statement. Undone to the savepoint, the other goes
        // on, and this mutation is tried again.
        log.warn({ mutationId: m.id, mutation: m.name, deviceId, attempt }, LOCK_CONFLICT_LOG);
        continue;
      }
      log.error(
        { err, mutationId: m.id, mutation: m.name, deviceId, seq: m.seq },
        'sync mutation failed on the server; answered failed, left for the device to send again',
      );
      await trx.executeQuery(RELEASE_M);
      const failure: Failure = {
        id: m.id,
        status: 'failed',
        code: FAILED_CODE,
        message: FAILED_MESSAGE,
      };
      return failure;
    }
  }
}

/** Tries of one mutation when PostgreSQL ends it to break a deadlock with another push. */
const CONFLICT_ATTEMPTS = 4;
const LOCK_CONFLICT_LOG = 'sync push: deadlock with another push; the change is tried again';

/** PostgreSQL's deadlock_detected and serialization_failure. */
function isLockConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

const claimQuery = prepared<Database, { id: string }, Record<string, unknown>>((db, $) =>
  db
    .insertInto('applied_mutations')
    .values({
      id: $('id'),
      company_id: $('companyId'),
      user_id: $('userId'),
      device_id: $('deviceId'),
      seq: $('seq'),
      name: $('name'),
      status: $('status'),
      code: $('code'),
      message: $('message'),
      created_at: $('now'),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id'),
);

async function claimAndApply(
  trx: Trx,
  log: FastifyBaseLogger,
  user: SessionUser,
  deviceId: string,
  m: MutationEnvelope,
  version: number,
  def: AnyMutationDef | undefined,
  args: unknown,
  verdict: Rejection | undefined,
): Promise<MutationResult> {
  // The record goes in first: its primary key lets exactly one of several concurrent pushes of
  // this id through (PostgreSQL makes the others wait for that one's commit; SQLite runs one
  // write transaction at a time). The others find the record and answer with it.
  const record = {
    id: m.id,
    companyId: user.companyId,
    userId: user.id,
    deviceId,
    seq: m.seq,
    name: m.name,
    now: nowIso(),
    ...(verdict ? rejectionColumns(verdict) : { status: 'applied', code: null, message: null }),
  };
  const { rows: claimed } = await claimQuery(trx, record);
  if (claimed.length === 0) return recordedResult(trx, m.id, user.companyId);
  if (verdict || !def) return verdict!;

  let childLog: FastifyBaseLogger | undefined;
  const ctx: MutationContext = {
    user,
    companyId: user.companyId,
    deviceId,
    mutationId: m.id,
    seq: m.seq,
    get log() {
      return (childLog ??= log.child({ mutationId: m.id, mutation: m.name }));
    },
    version: () => Promise.resolve(version),
  };
  try {
    await def.apply(trx, ctx, args);
  } catch (err) {
    const rejection = asRejection(m.id, err);
    if (!rejection) throw err;
    // Undo the effect and the record (back to savepoint m), then record the rejection. Should a
    // concurrent push of the same id have claimed it in that moment, its record is the answer.
    await trx.executeQuery(ROLLBACK_M);
    const { rows: refused } = await claimQuery(trx, { ...record, ...rejectionColumns(rejection) });
    if (refused.length === 0) return recordedResult(trx, m.id, user.companyId);
    if (def.restamp) await def.restamp(trx, ctx, args);
    return rejection;
  }
  return { id: m.id, status: 'applied' };
}

function rejectionColumns(r: Rejection) {
  return { status: 'rejected', code: r.code, message: r.message };
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
