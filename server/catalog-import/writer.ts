import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nextVersion, SHARED_SCOPE } from '../sync/version';

/**
 * Writes one batch of dump rows into a catalog table by difference: rows are matched on their
 * natural key (never on our ids), new rows are inserted with a fresh uuid, rows whose compared
 * fields differ are updated, equal rows are left alone. Only real changes take a sync version and
 * write a changelog entry, so a re-run of the same dump changes nothing.
 */
export type Value = string | number | null;
export type Row = Record<string, Value>;

export interface Entity {
  table: keyof Database & string;
  /** The changelog's model name. */
  model: string;
  /** Natural key columns (matched, never changed). */
  key: readonly string[];
  /** Columns compared and written. */
  fields: readonly string[];
  /**
   * Link tables: the column grouping rows by their owner (a set's inventory). A batch holds owners
   * whole, so an owner's rows missing from the batch are gone from the dump and are deleted.
   */
  group?: string;
  /** The changelog entry is filed under the owner's uuid (the set, minifig or parent part). */
  owner?: { column: string; table: keyof Database & string };
}

/** Who the changes are written for: the user who started the run. */
export interface Actor {
  runId: number;
  userId: number | null;
  name: string;
}

export interface BatchResult {
  created: number;
  updated: number;
  deleted: number;
  /** Row id by natural key (keyOf), for every row of the batch. */
  ids: Map<string, number>;
}

type Loose = Kysely<Record<string, Record<string, Value>>>;
export type Stored = Row & { id: number; uuid: string };
/** Per changed column: the stored value and the dump's. */
export type Changes = Record<string, { old: Value; new: Value }>;

const IN_CHUNK = 900;
const MAX_PARAMS = 3000;

/**
 * A time-ordered uuid (version 7: milliseconds, then random bits). Rows created together get
 * neighbouring uuids, so a large import appends to the uuid indexes instead of writing all over
 * them (several times faster on a catalog of a million rows).
 */
export function timeOrderedUuid(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | (b[6] & 0x0f);
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function keyOf(entity: Entity, row: Row): string {
  return entity.key.map((k) => String(row[k])).join('|');
}

function same(a: Value | undefined, b: Value | undefined): boolean {
  if (a === null || a === undefined) return b === null || b === undefined;
  if (b === null || b === undefined) return false;
  return String(a) === String(b);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function existingRows(db: Loose, entity: Entity, rows: Row[]): Promise<Stored[]> {
  const column = entity.group ?? entity.key[0];
  const values = [...new Set(rows.map((r) => r[column]))].filter((v) => v !== null);
  const found: Stored[] = [];
  for (const part of chunks(values, IN_CHUNK)) {
    const got = await db
      .selectFrom(entity.table)
      .selectAll()
      .where(column, 'in', part as string[])
      .execute();
    found.push(...(got as unknown as Stored[]));
  }
  return found;
}

function changeSet(columns: readonly string[], before: Row | null, after: Row | null): Changes {
  const changes: Changes = {};
  for (const c of columns) {
    const old = before?.[c] ?? null;
    const now = after?.[c] ?? null;
    if (!before || !after || !same(old, now)) changes[c] = { old, new: now };
  }
  return changes;
}

/** What a batch would do: rows to insert, rows to update (with their changes), rows to delete. */
export interface BatchPlan {
  inserts: Row[];
  updates: { row: Stored; set: Row; changes: Changes }[];
  deletes: Stored[];
  /** Rows of the batch matched and equal: left alone. */
  unchanged: number;
  /** Row id by natural key (keyOf), for the batch's rows that exist already. */
  ids: Map<string, number>;
}

/**
 * Compares one batch with the catalog by natural key, writing nothing. Rows with the same key:
 * the first one counts.
 */
export async function planBatch(
  db: Kysely<Database>,
  entity: Entity,
  input: Row[],
): Promise<BatchPlan> {
  const loose = db as unknown as Loose;
  const rows = new Map<string, Row>();
  for (const r of input) {
    const k = keyOf(entity, r);
    if (!rows.has(k)) rows.set(k, r);
  }
  const existing = new Map<string, Stored>();
  for (const row of await existingRows(loose, entity, [...rows.values()])) {
    existing.set(keyOf(entity, row), row);
  }
  const plan: BatchPlan = { inserts: [], updates: [], deletes: [], unchanged: 0, ids: new Map() };
  for (const [k, row] of rows) {
    const old = existing.get(k);
    if (!old) {
      plan.inserts.push({ uuid: timeOrderedUuid(), ...row });
      continue;
    }
    plan.ids.set(k, old.id);
    const changes = changeSet(entity.fields, old, row);
    if (Object.keys(changes).length === 0) {
      plan.unchanged++;
      continue;
    }
    const set: Row = {};
    for (const f of Object.keys(changes)) set[f] = row[f];
    plan.updates.push({ row: old, set, changes });
  }
  if (entity.group) plan.deletes = [...existing].filter(([k]) => !rows.has(k)).map(([, r]) => r);
  return plan;
}

/** Applies one batch in the caller's transaction. Rows with the same key: the first one counts. */
export async function writeBatch(
  trx: Kysely<Database>,
  entity: Entity,
  input: Row[],
  actor: Actor,
): Promise<BatchResult> {
  const db = trx as unknown as Loose;
  const { inserts, updates, deletes, ids } = await planBatch(trx, entity, input);
  const result: BatchResult = { created: 0, updated: 0, deleted: 0, ids };
  if (inserts.length + updates.length + deletes.length === 0) return result;

  const version = await nextVersion(trx, SHARED_SCOPE);
  const log: { row: Row; action: string; changes: object }[] = [];
  const columns = [...entity.key, ...entity.fields];
  const perRow = columns.length + 2;
  for (const part of chunks(inserts, Math.max(1, Math.floor(MAX_PARAMS / perRow)))) {
    const made = await db
      .insertInto(entity.table)
      .values(part.map((r) => ({ ...r, version })))
      .returning(['id', ...entity.key])
      .execute();
    for (const m of made) ids.set(keyOf(entity, m), Number(m.id));
  }
  for (const r of inserts)
    log.push({ row: r, action: 'create', changes: changeSet(columns, null, r) });
  result.created = inserts.length;
  for (const u of updates) {
    await db
      .updateTable(entity.table)
      .set({ ...u.set, version })
      .where('id', '=', u.row.id)
      .execute();
    log.push({ row: u.row, action: 'update', changes: u.changes });
  }
  result.updated = updates.length;
  for (const part of chunks(deletes, IN_CHUNK)) {
    await db
      .deleteFrom(entity.table)
      .where(
        'id',
        'in',
        part.map((r) => r.id),
      )
      .execute();
  }
  for (const r of deletes)
    log.push({ row: r, action: 'delete', changes: changeSet(columns, r, null) });
  result.deleted = deletes.length;
  await writeChangelog(db, entity, log, actor);
  return result;
}

async function ownerUuids(db: Loose, entity: Entity, rows: Row[]): Promise<Map<number, string>> {
  const map = new Map<number, string>();
  if (!entity.owner) return map;
  const { column, table } = entity.owner;
  const ownerIds = [...new Set(rows.map((r) => Number(r[column])))];
  for (const part of chunks(ownerIds, IN_CHUNK)) {
    const got = await db.selectFrom(table).select(['id', 'uuid']).where('id', 'in', part).execute();
    for (const g of got) map.set(Number(g.id), String(g.uuid));
  }
  return map;
}

/** One changelog row per changed object, in bulk, for the run's actor. */
async function writeChangelog(
  db: Loose,
  entity: Entity,
  log: { row: Row; action: string; changes: object }[],
  actor: Actor,
): Promise<void> {
  const owners = await ownerUuids(
    db,
    entity,
    log.map((l) => l.row),
  );
  const at = new Date().toISOString();
  const rows = log.map((l) => ({
    model: entity.model,
    model_uuid: entity.owner
      ? (owners.get(Number(l.row[entity.owner.column])) ?? '')
      : String(l.row.uuid),
    action: l.action,
    actor_user_id: actor.userId,
    actor_name: actor.name,
    created_at: at,
    changes: JSON.stringify(l.changes),
    suggestion_id: null,
    controller_run_id: actor.runId,
  }));
  for (const part of chunks(rows, Math.floor(MAX_PARAMS / 10))) {
    await db.insertInto('catalog_changes').values(part).execute();
  }
}
