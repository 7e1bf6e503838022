import type { Kysely } from 'kysely';

/**
 * The catalog browser lists each tab by name, 25 rows a page (server/modules/catalog/browse.ts):
 * with these indexes a page is read in name order instead of sorting the whole table (62k parts
 * in a full catalog). Books and catalogs are moulds of one type; instructions and boxes are set
 * documents of one kind.
 */
const INDEXES: [string, string, string[]][] = [
  ['parts_name_idx', 'parts', ['name']],
  ['minifigs_name_idx', 'minifigs', ['name']],
  ['sets_name_idx', 'sets', ['name']],
  ['moulds_type_id_name_idx', 'moulds', ['type_id', 'name']],
  ['set_documents_kind_name_idx', 'set_documents', ['kind', 'name']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
