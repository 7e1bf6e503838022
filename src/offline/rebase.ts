import type { OutboxEntry, OutboxState, WarehouseDb } from './db';
import { effectStore, localEffectOf } from './effects';
import { getMeta, META } from './meta';
import { UNSENT_STATES } from './outbox';

type Key = string | number;

/**
 * Local state = server state + unsent work. Called inside the transaction that stored pulled rows
 * of `table`: the local effect of every entry that has not reached the server (pending, in flight,
 * stuck) is applied again, in seq order, to exactly those rows — they arrived without it. Rows the
 * pull did not bring still carry the effect from before and are not touched, so nothing is applied
 * twice. Entries of another user of the device (parked) are skipped: their rows are not shown.
 *
 * An effect that fails on the new rows (say the order item is gone) is skipped: the server will
 * decide about the entry and the next pull shows its answer.
 */
export async function rebaseOnto(db: WarehouseDb, table: string, keys: Iterable<Key>) {
  const written = new Set(keys);
  if (written.size === 0) return;
  const owner = await getMeta<string>(db, META.owner);
  const entries: OutboxEntry[] = await db.outbox
    .where('state')
    .anyOf(UNSENT_STATES as OutboxState[])
    .toArray();
  entries.sort((a, b) => a.seq - b.seq);
  const store = effectStore(db, { [table]: written });
  for (const entry of entries) {
    if (owner && entry.owner && entry.owner !== owner) continue;
    const effect = localEffectOf(entry.name);
    if (!effect) continue;
    try {
      await effect(store, entry.args, entry);
    } catch {
      // See above: the server's answer will correct the rows.
    }
  }
}
