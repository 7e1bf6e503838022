import { sql, type Kysely, type QueryResult } from 'kysely';
import { prepared } from '../db/prepared';
import type { PullResponse } from '../../contract/sync';
import type { Database } from '../db/schema';
import type { AnySelect, CollectionDef } from './collections';
import { pullHead } from './pull-head';
import { prunedVersion, SHARED_SCOPE } from './version';

type Row = Record<string, unknown>;
interface Item {
  version: number;
  row?: Row;
  tombstone?: string;
}

/**
 * One page of a collection: rows and tombstones with version > cursor, oldest first. The next
 * cursor is the highest version in the page. A page never ends inside a group of entries sharing
 * one version (the next page starts after the cursor, so it would lose the rest of the group):
 * it stops before the group, or, when one version alone is larger than a page, sends the group whole.
 * Within a page a key is never both a row and a tombstone (the older entry is dropped), so the
 * device may apply both lists in any order.
 *
 * A cursor ahead of the server's version, or below the version up to which tombstones were pruned
 * (see housekeeping.ts), gets a `resync` answer instead (cursor 0 never does).
 *
 * Consistency without a snapshot transaction: the versions and the tombstones are read first, in
 * one statement (pull-head.ts), up to the visibility horizon of that statement; the rows are then
 * read up to the same horizon. Every transaction that took a version up to it had ended when it
 * was read (see versionState), and an ended transaction stays ended, so both reads see one
 * consistent set whatever commits in between.
 */
export async function pullPage(
  db: Kysely<Database>,
  def: CollectionDef,
  companyId: number,
  cursor: number,
  limit: number,
): Promise<PullResponse> {
  const scope = def.shared ? SHARED_SCOPE : companyId;
  const version = sql.ref(`${def.table}.version`);
  const key = sql.ref(`${def.table}.${def.key}`);
  const rowsQuery = () => (def.select ? def.select(db, companyId) : defaultSelect(db, def, scope));
  const tombstoneQuery = () =>
    db
      .selectFrom('sync_tombstones')
      .select(['row_key', 'version'])
      .where('company_id', '=', scope)
      .where('collection', '=', def.name);

  const head = await pullHead(db, scope, def.name, cursor, limit + 1);
  // Ahead of the server: its database was restored from a backup. Older than the pruned
  // tombstones: deletions may be missing. Either way the device refetches the collection.
  if (cursor > head.latest || (cursor > 0 && cursor < head.pruned)) return resync(def.name);
  const { rows: fetchedRows } = await pageQuery(def)(db, {
    companyId,
    scope,
    cursor,
    ceiling: head.ceiling,
    limit: limit + 1,
  });
  const fetchedTombstones = head.tombstones;
  const items = merge(def, fetchedRows, fetchedTombstones);

  let page = items;
  let hasMore = false;
  if (items.length > limit) {
    hasMore = true;
    const last = items[limit - 1].version;
    if (items[limit].version > last) {
      page = items.slice(0, limit);
    } else {
      page = items.slice(0, limit).filter((i) => i.version < last);
      if (page.length === 0) {
        // One version stamps more entries than a page holds: send that version whole.
        const [groupRows, groupTombstones] = await Promise.all([
          rowsQuery().where(version, '=', last).orderBy(key).execute(),
          tombstoneQuery().where('version', '=', last).execute(),
        ]);
        page = merge(def, groupRows, groupTombstones);
        // Housekeeping may have pruned tombstones since the head was read.
        if (cursor > 0 && cursor < (await prunedVersion(db, scope))) return resync(def.name);
      }
    }
  }

  // The newest entry of each key wins (the page is in version order).
  const keyOf = (i: Item) => (i.row ? String(i.row[def.key]) : i.tombstone!);
  const newest = new Map<string, Item>();
  for (const i of page) newest.set(keyOf(i), i);
  const rows: Row[] = [];
  const tombstones: (string | number)[] = [];
  for (const i of page) {
    if (newest.get(keyOf(i)) !== i) continue;
    if (i.row) rows.push(i.row);
    else tombstones.push(tombstoneKey(def, i.tombstone!));
  }
  return {
    collection: def.name,
    rows,
    tombstones,
    cursor: page.length > 0 ? page[page.length - 1].version : cursor,
    has_more: hasMore,
  };
}

/** The answer to a cursor the server cannot serve: drop the collection and pull it from 0. */
function resync(collection: string): PullResponse {
  return { collection, rows: [], tombstones: [], cursor: 0, has_more: true, resync: true };
}

type PageValues = Record<'companyId' | 'scope' | 'cursor' | 'ceiling' | 'limit', number>;
type PageQuery = (db: Kysely<Database>, values: PageValues) => Promise<QueryResult<Row>>;
const pageQueries = new WeakMap<CollectionDef, PageQuery>();

/**
 * A collection's rows with cursor < version <= ceiling, oldest first (ties by key), at most
 * `limit`: built once per collection (`prepared`), since a pull is a hot path.
 */
function pageQuery(def: CollectionDef): PageQuery {
  let query = pageQueries.get(def);
  if (!query) {
    const version = sql.ref(`${def.table}.version`);
    const key = sql.ref(`${def.table}.${def.key}`);
    query = prepared<Database, Row, PageValues>((db, $) =>
      (def.select ? def.select(db, $('companyId')) : defaultSelect(db, def, $('scope')))
        .where(version, '>', $('cursor'))
        .where(version, '<=', $('ceiling'))
        .orderBy(version)
        .orderBy(key)
        .limit($('limit')),
    );
    pageQueries.set(def, query);
  }
  return query;
}

function defaultSelect(db: Kysely<Database>, def: CollectionDef, scope: number): AnySelect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is named at run time
  const q = (db as unknown as Kysely<any>).selectFrom(def.table).selectAll();
  return def.shared ? q : q.where(`${def.table}.company_id`, '=', scope);
}

function merge(
  def: CollectionDef,
  rows: Row[],
  tombstones: { row_key: string; version: number }[],
): Item[] {
  const items: Item[] = [];
  for (const row of rows) {
    if (row.version === undefined || row.version === null || row[def.key] === undefined) {
      throw new Error(`Sync collection ${def.name}: select must return version and ${def.key}`);
    }
    items.push({ version: Number(row.version), row });
  }
  for (const t of tombstones) items.push({ version: Number(t.version), tombstone: t.row_key });
  return items.sort((a, b) => a.version - b.version);
}

function tombstoneKey(def: CollectionDef, key: string): string | number {
  if ((def.keyType ?? 'number') === 'number' && /^-?\d+$/.test(key)) return Number(key);
  return key;
}
