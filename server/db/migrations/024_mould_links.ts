import type { Kysely } from 'kysely';
import { index } from './domain-columns';

/**
 * A mould points at its catalog part, minifig or set. Accepting a catalog suggestion updates the
 * moulds of one part (set, minifig) by that link, and deleting a catalog entry clears it: both
 * read moulds by the link, which without an index meant reading every mould.
 */
const LINKS = ['part_id', 'minifig_id', 'set_id'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of LINKS) await index(db, 'moulds', [column]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of LINKS) await db.schema.dropIndex(`moulds_${column}_idx`).execute();
}
