import { CompiledQuery, sql, type Transaction } from 'kysely';
import { hasAnyRole } from '../../contract/permissions';
import { SyncRejectCode, type MutationEnvelope, type MutationResult } from '../../contract/sync';
import type { SessionUser } from '../auth/tokens';
import { isPostgres, nowIso } from '../db/dialect';
import { runNamed } from '../db/named-statements';
import type { Database } from '../db/schema';
import { isDatabaseUnavailable } from '../db/unavailable';
import { findMutation, type AnyMutationDef } from './mutations';

type Trx = Transaction<Database>;

/** Fewer consecutive mutations than this are applied one by one. */
export const MANY_AT_LEAST = 2;

const SAVE_G = CompiledQuery.raw('savepoint g');
const RELEASE_G = CompiledQuery.raw('release savepoint g');
const ROLLBACK_G = CompiledQuery.raw('rollback to savepoint g');

/** A mutation of a group's flat list: the envelope and the push (user, device) it came in. */
export interface GroupEntry {
  user: SessionUser;
  deviceId: string;
  m: MutationEnvelope;
}

/** The args of a mutation that may be applied with others: known, allowed, valid; else undefined. */
function manyArgs({ user, m }: GroupEntry, def: AnyMutationDef | undefined) {
  if (!def?.applyMany) return undefined;
  if (def.roles.length > 0 && !hasAnyRole(user.permissions, def.roles)) return undefined;
  const parsed = def.args.safeParse(m.args);
  return parsed.success ? { value: parsed.data as unknown } : undefined;
}

/**
 * The parsed args of the entries from `start` on that form a run that can be applied at once: the
 * same name, one with `applyMany`, each allowed and valid for its sender (the entries may come
 * from several devices' pushes). Empty when fewer than MANY_AT_LEAST.
 */
export function runArgs(entries: GroupEntry[], start: number): unknown[] {
  const name = entries[start].m.name;
  if (entries[start + 1]?.m.name !== name) return [];
  const def = findMutation(name);
  const args: unknown[] = [];
  for (let end = start; end < entries.length && entries[end].m.name === name; end++) {
    const parsed = manyArgs(entries[end], def);
    if (!parsed) break;
    args.push(parsed.value);
  }
  return args.length >= MANY_AT_LEAST ? args : [];
}

/**
 * Thrown by an unguarded runMany whose run cannot go at once (a pick would be refused, or a
 * statement failed): nothing of the transaction can be kept, so the caller rolls it back and runs
 * the group again with the run guarded.
 */
export class RunNotAtOnce extends Error {
  constructor() {
    super('the run cannot be applied at once');
  }
}

/**
 * Applies a run (see runArgs; `args` are its parsed args): the records of all in one statement,
 * then the definition's `applyMany` for those not recorded before (a replay answers as recorded).
 *
 * Guarded, in savepoint `g`: answers undefined, with nothing of the attempt kept, when any of them
 * would be refused or the attempt failed; the caller then applies them one by one. Unguarded
 * (two round trips fewer, for a group's first try: a refused pick is rare), it throws
 * RunNotAtOnce instead. Either way it throws when the database is unavailable.
 */
export async function runMany(
  trx: Trx,
  run: GroupEntry[],
  args: unknown[],
  version: number,
  guarded: boolean,
): Promise<MutationResult[] | undefined> {
  const def = findMutation(run[0].m.name)!;
  const companyId = run[0].user.companyId;
  if (guarded) await trx.executeQuery(SAVE_G);
  try {
    const claimed = await claimRun(trx, companyId, run);
    const fresh = new Set(claimed.map((r) => r.id));
    const todo = run.flatMap((e, k) =>
      fresh.has(e.m.id) ? [{ args: args[k], userId: e.user.id }] : [],
    );
    if (todo.length > 0 && !(await def.applyMany!(trx, { companyId }, todo, version))) {
      throw new RunNotAtOnce();
    }
    if (guarded) await trx.executeQuery(RELEASE_G);
    const results: MutationResult[] = [];
    for (const { m } of run) {
      results.push(
        fresh.has(m.id)
          ? { id: m.id, status: 'applied' }
          : await recordedResult(trx, m.id, companyId),
      );
    }
    return results;
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    if (!guarded) throw err instanceof RunNotAtOnce ? err : new RunNotAtOnce();
    await undo(trx);
    return undefined;
  }
}

/**
 * The records of a run, as applied, in one statement; answers the ids not recorded before. On
 * PostgreSQL the lists go as arrays, so the text is one whatever the run's length and PostgreSQL
 * keeps it parsed and planned.
 */
async function claimRun(trx: Trx, companyId: number, run: GroupEntry[]): Promise<{ id: string }[]> {
  const now = nowIso();
  if (isPostgres(trx)) {
    const { rows } = await runNamed<{ id: string }, Database>(
      trx,
      sql`insert into applied_mutations
          (id, company_id, user_id, device_id, seq, name, status, code, message, created_at)
        select id, ${companyId}, user_id, device_id, seq, name, 'applied', null, null, ${now}
        from unnest(${run.map((e) => e.m.id)}::text[], ${run.map((e) => e.user.id)}::integer[],
          ${run.map((e) => e.deviceId)}::text[], ${run.map((e) => e.m.seq)}::bigint[],
          ${run.map((e) => e.m.name)}::text[]) as c(id, user_id, device_id, seq, name)
        on conflict (id) do nothing
        returning id`,
    );
    return rows;
  }
  return trx
    .insertInto('applied_mutations')
    .values(
      run.map(({ user, deviceId, m }) => ({
        id: m.id,
        company_id: companyId,
        user_id: user.id,
        device_id: deviceId,
        seq: m.seq,
        name: m.name,
        status: 'applied',
        code: null,
        message: null,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
}

async function undo(trx: Trx) {
  await trx.executeQuery(ROLLBACK_G);
  await trx.executeQuery(RELEASE_G);
}

/** The answer recorded for an id, seen only by the company that sent it. */
export async function recordedResult(
  db: Trx,
  id: string,
  companyId: number,
): Promise<MutationResult> {
  const row = await db
    .selectFrom('applied_mutations')
    .select(['company_id', 'status', 'code', 'message'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (row.company_id !== companyId) {
    return {
      id,
      status: 'rejected',
      code: SyncRejectCode.duplicateId,
      message: 'This change has the id of another change and was not applied.',
    };
  }
  if (row.status === 'applied') return { id, status: 'applied' };
  return {
    id,
    status: 'rejected',
    code: row.code ?? SyncRejectCode.rejected,
    message: row.message ?? 'Rejected',
  };
}
