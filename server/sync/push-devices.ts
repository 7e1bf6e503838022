import { sql, type Transaction } from 'kysely';
import { nowIso } from '../db/dialect';
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
 * Records the highest seq of each device in a group's chunks: one read of what was known, one
 * upsert for all devices (in device order, so two servers' groups lock device rows in the same
 * order). A device id last used in another company starts afresh: its history is not ours to
 * see. Two tabs of one device may push at once: the highest seq of the company is kept.
 */
export async function recordDeviceSeqs<J extends DeviceChunk>(
  trx: Transaction<Database>,
  jobs: J[],
): Promise<Map<J, DeviceSeqs>> {
  const devices = new Map<string, { user: SessionUser; seq: number }>();
  for (const job of jobs) {
    const seq = Math.max(...job.chunk.map((m) => m.seq), devices.get(job.deviceId)?.seq ?? -1);
    devices.set(job.deviceId, { user: job.user, seq });
  }
  const ids = [...devices.keys()].sort();
  const before = await trx
    .selectFrom('sync_devices')
    .select(['device_id', 'company_id', 'last_seq'])
    .where('device_id', 'in', ids)
    .execute();
  const now = nowIso();
  const after = await trx
    .insertInto('sync_devices')
    .values(
      ids.map((id) => {
        const { user, seq } = devices.get(id)!;
        const row = { device_id: id, company_id: user.companyId, user_id: user.id };
        return { ...row, last_seq: seq, updated_at: now };
      }),
    )
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet((eb) => ({
        last_seq: sql<number>`case when sync_devices.company_id = excluded.company_id
          and sync_devices.last_seq > excluded.last_seq
          then sync_devices.last_seq else excluded.last_seq end`,
        company_id: eb.ref('excluded.company_id'),
        user_id: eb.ref('excluded.user_id'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning(['device_id', 'last_seq'])
    .execute();
  const known = new Map(before.map((r) => [r.device_id, r]));
  const recorded = new Map(after.map((r) => [r.device_id, Number(r.last_seq)]));
  const seqs = new Map<J, DeviceSeqs>();
  for (const job of jobs) {
    const was = known.get(job.deviceId);
    seqs.set(job, {
      known: was && was.company_id === job.user.companyId ? Number(was.last_seq) : null,
      lastSeq: recorded.get(job.deviceId)!,
    });
  }
  return seqs;
}
