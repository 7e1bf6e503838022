import { getDb, type WarehouseDb } from './db';
import { COLLECTIONS } from './collections';
import { getMeta, META, setMeta } from './meta';

/**
 * One device, several users (a shared handheld). The floor tables hold what the signed-in user's
 * company and roles may see, and the outbox holds work made under that user's name. When another
 * user signs in on the device:
 * - the floor tables and pull cursors are cleared, so nothing of the previous user's company or
 *   roles is shown, and the next pull fetches what the new user may see;
 * - the previous user's unsent and rejected entries are parked — never sent under the new user's
 *   session — and come back when their owner signs in here again (the logout warning promises
 *   exactly that).
 * Returns true when the device changed hands.
 */
export async function bindDeviceOwner(owner: string, db: WarehouseDb = getDb()): Promise<boolean> {
  const floorTables = Object.values(COLLECTIONS).map((c) => db[c.table]);
  return db.transaction('rw', [db.outbox, db.meta, ...floorTables], async () => {
    const previous = await getMeta<string>(db, META.owner);
    if (previous === owner) return false;
    // Entries made before the device knew its owner belong to the first user who signs in.
    if (previous === undefined) await db.outbox.filter((e) => !e.owner).modify({ owner });
    await db.outbox
      .filter((e) => e.state !== 'parked' && (e.owner ?? previous) !== owner)
      .modify((e) => {
        e.owner = e.owner ?? previous;
        e.parkedFrom = e.state === 'sending' ? 'pending' : e.state;
        e.state = 'parked';
      });
    await db.outbox
      .where('state')
      .equals('parked')
      .and((e) => e.owner === owner)
      .modify((e) => {
        e.state = e.parkedFrom ?? 'pending';
        delete e.parkedFrom;
      });
    for (const table of floorTables) await table.clear();
    await db.meta.where('key').startsWith(META.cursor('')).delete();
    await db.meta.where('key').startsWith(META.complete('')).delete();
    await setMeta(db, META.owner, owner);
    return true;
  });
}
