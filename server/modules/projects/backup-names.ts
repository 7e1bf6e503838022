import type { Kysely } from 'kysely';
import { StoredTrays, type BackupRow, type StoredTray } from '../../../contract/batches';
import type { Database } from '../../db/schema';

/**
 * What people read for the ids in stored backups: item numbers and names, mould, colour and
 * user names, looked up as they are now (the Backups screen shows a table of words, not ids).
 */

/** For each stored JSON text, the names of the ids its trays point at. */
export async function backupNames(
  db: Kysely<Database>,
  companyId: number,
  jsons: string[],
): Promise<Names[]> {
  const stored = jsons.map(readTrays);
  const all = await namesOfIds(db, companyId, stored.flat());
  return stored.map((trays) => namesFor(all, trays));
}

/** The stored trays, or none when the data cannot be read. */
function readTrays(json: string): StoredTray[] {
  try {
    const parsed = StoredTrays.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

type Names = BackupRow['names'];
const ids = (trays: StoredTray[], pick: (t: StoredTray) => number | null | undefined) => [
  ...new Set(trays.map(pick).filter((v): v is number => typeof v === 'number')),
];

/** The names of the items, moulds, colours and users the trays point at (this company's). */
async function namesOfIds(db: Kysely<Database>, companyId: number, trays: StoredTray[]) {
  const names: Names = { items: {}, moulds: {}, colours: {}, users: {} };
  const CHUNK = 1_000;
  const each = async (all: number[], read: (part: number[]) => Promise<void>) => {
    for (let i = 0; i < all.length; i += CHUNK) await read(all.slice(i, i + CHUNK));
  };
  await each(
    ids(trays, (t) => t.item_id),
    async (part) => {
      const rows = await db
        .selectFrom('items as i')
        .innerJoin('moulds as m', 'm.id', 'i.mold_id')
        .select(['i.id', 'i.readable_id', 'm.name'])
        .where('i.company_id', '=', companyId)
        .where('i.id', 'in', part)
        .execute();
      for (const r of rows)
        names.items[r.id] = { number: r.readable_id || String(r.id), name: r.name };
    },
  );
  /** Moulds and colours are shared by all companies: looked up by id alone. */
  const catalogNames = (table: 'moulds' | 'colours', of: number[], into: Record<number, string>) =>
    each(of, async (part) => {
      for (const r of await db
        .selectFrom(table)
        .select(['id', 'name'])
        .where('id', 'in', part)
        .execute())
        into[r.id] = r.name;
    });
  await catalogNames(
    'moulds',
    ids(trays, (t) => t.mold_id),
    names.moulds,
  );
  await catalogNames(
    'colours',
    ids(trays, (t) => t.colour_id),
    names.colours,
  );
  await each(
    ids(trays, (t) => t.creator_user_id)
      .concat(ids(trays, (t) => t.last_edit_user_id))
      .concat(ids(trays, (t) => t.filled_by_user_id)),
    async (part) => {
      for (const r of await db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('id', 'in', part)
        .execute())
        names.users[r.id] = r.name;
    },
  );
  return names;
}

/** Of all the names, those one backup's trays point at. */
function namesFor(all: Names, trays: StoredTray[]): Names {
  const out: Names = { items: {}, moulds: {}, colours: {}, users: {} };
  const copy = <T>(from: Record<string, T>, to: Record<string, T>, list: number[]) => {
    for (const id of list) if (from[id] !== undefined) to[id] = from[id];
  };
  copy(
    all.items,
    out.items,
    ids(trays, (t) => t.item_id),
  );
  copy(
    all.moulds,
    out.moulds,
    ids(trays, (t) => t.mold_id),
  );
  copy(
    all.colours,
    out.colours,
    ids(trays, (t) => t.colour_id),
  );
  copy(
    all.users,
    out.users,
    ids(trays, (t) => t.creator_user_id)
      .concat(ids(trays, (t) => t.last_edit_user_id))
      .concat(ids(trays, (t) => t.filled_by_user_id)),
  );
  return out;
}
