import { sql, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import {
  usesCategories,
  type CatalogItemsQuery,
  type MouldInfo,
  type MouldRef,
} from '../../../contract/catalog-modal';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { mouldFamily } from './mould-family';
import { num } from './items';

/**
 * The digitizing desk's catalog: the warehouse's moulds (what a tray's mold_id names) browsed
 * by type and theme or category, and one mould's catalog info (docs/catalog.md).
 */

type Db = Kysely<Database>;
type ItemsQuery = z.output<typeof CatalogItemsQuery>;

/** The node and every node below it in the themes or categories tree. */
async function subtree(db: Db, table: 'themes' | 'categories', root: number): Promise<number[]> {
  const rows = await db.selectFrom(table).select(['id', 'parent_id']).execute();
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parent_id === null) continue;
    children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r.id]);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const todo = [root];
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    todo.push(...(children.get(id) ?? []));
  }
  return out;
}

/** `%text%` for a LIKE on a lower-cased name, with the LIKE wildcards taken literally. */
const contains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of a type's moulds by name, under the theme or category `ct` (with its sub-nodes; type 2
 * uses categories, the others themes), whose name holds the search text or whose BrickLink or
 * Rebrickable number is it.
 */
export async function mouldsOf(
  db: Db,
  q: ItemsQuery,
): Promise<{ count: number; results: MouldRef[] }> {
  const byCategory = usesCategories(q.type);
  const nodes = q.ct ? await subtree(db, byCategory ? 'categories' : 'themes', q.ct) : undefined;
  let base = db.selectFrom('moulds as m').where('m.type_id', '=', q.type);
  if (nodes) base = base.where(byCategory ? 'm.category_id' : 'm.theme_id', 'in', nodes);
  if (q.search) {
    const s = q.search;
    base = base.where(
      sql<SqlBool>`(lower(m.name) like ${contains(s)} escape '\\' or m.bl_mold_id = ${s} or m.rebrickable_id = ${s})`,
    );
  }
  const results = await base
    .select(['m.id', 'm.name', 'm.bl_mold_id', 'm.image_url'])
    .orderBy('m.name')
    .orderBy('m.id')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  return { count: await countRows(base), results };
}

/** A tree node's name and its parent's: [top, sub] (sub is null for a top node). */
async function placed(db: Db, table: 'themes' | 'categories', id: number | null) {
  if (id === null) return [null, null] as const;
  const node = await db
    .selectFrom(`${table} as n`)
    .leftJoin(`${table} as p`, 'p.id', 'n.parent_id')
    .select(['n.name', 'p.name as parent'])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!node) return [null, null] as const;
  return node.parent ? ([node.parent, node.name] as const) : ([node.name, null] as const);
}

/** The JSON object of a mould's rarer fields; anything else in the column is left out. */
function extraFields(raw: string | null): MouldInfo['extra'] {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: MouldInfo['extra'] = {};
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof v === 'string' || typeof v === 'number' || v === null) out[k] = v;
    }
    return out;
  } catch {
    return {};
  }
}

/** One mould's catalog info with its inventory children, parents and other relations. */
export async function mouldInfo(db: Db, id: number): Promise<MouldInfo | undefined> {
  const m = await db
    .selectFrom('moulds as m')
    .leftJoin('item_types as t', 't.id', 'm.type_id')
    .selectAll('m')
    .select(['t.name as type', 't.bsx_code'])
    .where('m.id', '=', id)
    .executeTakeFirst();
  if (!m) return undefined;
  const [category, sub_category] = await placed(db, 'categories', m.category_id);
  const [theme, sub_theme] = await placed(db, 'themes', m.theme_id);
  const family = await mouldFamily(db, m);
  return {
    id: m.id,
    name: m.name,
    image: m.image_url,
    url:
      m.bl_mold_id && m.bsx_code
        ? `https://www.bricklink.com/v2/catalog/catalogitem.page?${m.bsx_code}=${encodeURIComponent(m.bl_mold_id)}`
        : null,
    bl_mold_id: m.bl_mold_id,
    type: m.type,
    year: num(m.year),
    weight: num(m.weight),
    dim_x: num(m.dim_x),
    dim_y: num(m.dim_y),
    dim_z: num(m.dim_z),
    category,
    sub_category,
    theme,
    sub_theme,
    part_material: m.part_material,
    num_parts_set: num(m.num_parts_set),
    num_parts_fig: num(m.num_parts_fig),
    num_figs: num(m.num_figs),
    rating: num(m.rating),
    extra: extraFields(m.extra),
    ...family,
  };
}
