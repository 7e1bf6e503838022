import { CompiledQuery, sql, type Transaction } from 'kysely';
import { isPostgres, nowIso } from '../db/dialect';
import { namedStatement } from '../db/named-statements';
import { JOIN_PUSHES } from './push-versions';
import { WRITERS_LOCK } from './version';
import type { Database } from '../db/schema';
import type { SessionUser } from '../auth/tokens';

interface DeviceChunk {
  user: SessionUser;
  deviceId: string;
  chunk: { seq: number }[];
}

export interface DeviceSeqs {
  /** The device's highest seq before this group, or null when new to this company. */
  known: number | null;
  /** The device's highest seq now recorded. */
  lastSeq: number;
}

/**
 * Records the highest seq of each device in a group's chunks: what was known and the upsert for
 * all devices (in device order, so two servers' groups lock device rows in the same order). A
 * device id last used in another company starts afresh: its history is not ours to see. Two tabs
 * of one device may push at once: the highest seq of the company is kept.
 *
 * On PostgreSQL this is one statement, which also joins the company's pushes (see
 * reservePushVersions) and answers the transaction's id; elsewhere a read and an upsert.
 */
export async function recordDeviceSeqs<J extends DeviceChunk>(
  trx: Transaction<Database>,
  jobs: J[],
): Promise<{ seqs: Map<J, DeviceSeqs>; xid?: string }> {
  const devices = new Map<string, { user: SessionUser; seq: number }>();
  for (const job of jobs) {
    const seq = Math.max(...job.chunk.map((m) => m.seq), devices.get(job.deviceId)?.seq ?? -1);
    devices.set(job.deviceId, { user: job.user, seq });
  }
  const ids = [...devices.keys()].sort();
  const rows = ids.map((id) => {
    const { user, seq } = devices.get(id)!;
    return { device_id: id, company_id: user.companyId, user_id: user.id, last_seq: seq };
  });
  const { recorded, xid } = isPostgres(trx)
    ? await recordOnPostgres(trx, rows, jobs[0].user.companyId)
    : { recorded: await recordApart(trx, rows), xid: undefined };
  const byId = new Map(recorded.map((r) => [r.device_id, r]));
  const seqs = new Map<J, DeviceSeqs>();
  for (const job of jobs) {
    const r = byId.get(job.deviceId)!;
    seqs.set(job, {
      known:
        r.known_company === job.user.companyId && r.known_seq !== null ? Number(r.known_seq) : null,
      lastSeq: Number(r.last_seq),
    });
  }
  return { seqs, xid };
}

interface DeviceRow {
  device_id: string;
  company_id: number;
  user_id: number;
  last_seq: number;
}

interface Recorded {
  device_id: string;
  last_seq: number;
  known_company: number | null;
  known_seq: number | null;
}

/** The seq kept when a device's row exists: the higher of the two within one company. */
const KEEP_HIGHER = `case when sync_devices.company_id = excluded.company_id
  and sync_devices.last_seq > excluded.last_seq
  then sync_devices.last_seq else excluded.last_seq end`;

async function recordApart(trx: Transaction<Database>, rows: DeviceRow[]): Promise<Recorded[]> {
  const before = await trx
    .selectFrom('sync_devices')
    .select(['device_id', 'company_id', 'last_seq'])
    .where(
      'device_id',
      'in',
      rows.map((r) => r.device_id),
    )
    .execute();
  const now = nowIso();
  const after = await trx
    .insertInto('sync_devices')
    .values(rows.map((r) => ({ ...r, updated_at: now })))
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet((eb) => ({
        last_seq: sql.raw<number>(KEEP_HIGHER),
        company_id: eb.ref('excluded.company_id'),
        user_id: eb.ref('excluded.user_id'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning(['device_id', 'last_seq'])
    .execute();
  const known = new Map(before.map((r) => [r.device_id, r]));
  return after.map((r) => ({
    device_id: r.device_id,
    last_seq: r.last_seq,
    known_company: known.get(r.device_id)?.company_id ?? null,
    known_seq: known.get(r.device_id)?.last_seq ?? null,
  }));
}

/**
 * The read and the upsert in one statement (every part of it sees the rows as they were before
 * it), with the transaction's id and the company's writers lock held shared (WRITERS_LOCK).
 */
const RECORD_ON_POSTGRES = namedStatement(`with joined as (${JOIN_PUSHES}), given as (
    select * from unnest($3::text[], $4::integer[], $5::integer[], $6::bigint[])
      as g(device_id, company_id, user_id, last_seq)
  ), before as (
    select device_id, company_id, last_seq from sync_devices where device_id = any($3::text[])
  ), after as (
    insert into sync_devices (device_id, company_id, user_id, last_seq, updated_at)
    select device_id, company_id, user_id, last_seq, $7 from given order by device_id
    on conflict (device_id) do update set last_seq = ${KEEP_HIGHER},
      company_id = excluded.company_id, user_id = excluded.user_id,
      updated_at = excluded.updated_at
    returning device_id, last_seq
  )
  select after.device_id, after.last_seq, before.company_id as known_company,
    before.last_seq as known_seq, joined.xid
  from after left join before on before.device_id = after.device_id cross join joined`);

async function recordOnPostgres(
  trx: Transaction<Database>,
  rows: DeviceRow[],
  companyId: number,
): Promise<{ recorded: Recorded[]; xid: string }> {
  const { rows: recorded } = await trx.executeQuery<Recorded & { xid: string }>(
    CompiledQuery.raw(RECORD_ON_POSTGRES, [
      WRITERS_LOCK,
      companyId,
      rows.map((r) => r.device_id),
      rows.map((r) => r.company_id),
      rows.map((r) => r.user_id),
      rows.map((r) => r.last_seq),
      nowIso(),
    ]),
  );
  return { recorded, xid: recorded[0].xid };
}
