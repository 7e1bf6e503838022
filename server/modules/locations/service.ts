import { sql, type Updateable } from 'kysely';
import {
  COPY_MAX_LOCATIONS,
  copyTooLargeMessage,
  deleteHasStockMessage,
  LocationMessages,
} from '../../../contract/locations';
import { nowIso } from '../../db/dialect';
import { badRequest, conflict } from '../../errors';
import { recordTombstones } from '../../sync';
import { copiedCode, freshChildCode, uniqueCodes } from './codes';
import {
  ancestors,
  chunks,
  mustFind,
  subtree,
  subtreeIdsSql,
  type Db,
  type LocationRow,
} from './tree';
import type { LocationsTable } from '../../db/schema-domain';
import type { Trx, WriteCtx } from '../../write/context';

/**
 * Writes to the tree. Each runs inside the caller's transaction (inTransaction) and takes the
 * company's sync version first: on PostgreSQL that serialises the company's writers, so two moves
 * cannot each pass the cycle check and together make a cycle. Every row written gets `version`;
 * every deleted synced row gets a tombstone.
 */

/** The node `id` of the company, refused when it is the root (which is never changed). */
async function mustFindNotRoot(trx: Db, companyId: number, id: number): Promise<LocationRow> {
  const node = await mustFind(trx, companyId, id);
  if (node.parent_id === null) throw badRequest(LocationMessages.rootProtected);
  return node;
}

/** Writes `changes` to the company's node `id`, stamped as changed now. */
async function updateNode(
  trx: Db,
  companyId: number,
  id: number,
  changes: Updateable<LocationsTable>,
): Promise<void> {
  await trx
    .updateTable('locations')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

async function nextSortOrder(trx: Db, parentId: number): Promise<number> {
  const row = await trx
    .selectFrom('locations')
    .select(sql<number>`coalesce(max(sort_order), -1)`.as('m'))
    .where('parent_id', '=', parentId)
    .executeTakeFirstOrThrow();
  return Number(row.m) + 1;
}

export async function createChild(
  trx: Trx,
  ctx: WriteCtx,
  parentId: number,
  name: string,
): Promise<LocationRow> {
  const version = await ctx.version();
  const { companyId } = ctx;
  const parent = await mustFind(trx, companyId, parentId);
  const code = await freshChildCode(trx, companyId, parent);
  const row = await trx
    .insertInto('locations')
    .values({
      company_id: companyId,
      parent_id: parent.id,
      name,
      code,
      is_selected_new_location: 0,
      sort_order: await nextSortOrder(trx, parent.id),
      created_at: nowIso(),
      updated_at: null,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return mustFind(trx, companyId, row.id);
}

export async function rename(trx: Trx, ctx: WriteCtx, id: number, name: string): Promise<void> {
  const version = await ctx.version();
  await mustFindNotRoot(trx, ctx.companyId, id);
  await updateNode(trx, ctx.companyId, id, { name, version });
}

/** Moves a node (and so its whole subtree) under another parent: one row changes. */
export async function move(trx: Trx, ctx: WriteCtx, id: number, parentId: number): Promise<void> {
  const version = await ctx.version();
  const { companyId } = ctx;
  const node = await mustFindNotRoot(trx, companyId, id);
  await mustFind(trx, companyId, parentId);
  if (node.parent_id === parentId) return;
  const chain = await ancestors(trx, companyId, parentId);
  if (chain.some((n) => n.id === id)) throw badRequest(LocationMessages.moveIntoSelf);
  await updateNode(trx, companyId, id, {
    parent_id: parentId,
    sort_order: await nextSortOrder(trx, parentId),
    version,
  });
}

export async function setNewItems(
  trx: Trx,
  ctx: WriteCtx,
  id: number,
  selected: boolean,
): Promise<void> {
  const version = await ctx.version();
  await mustFindNotRoot(trx, ctx.companyId, id);
  await updateNode(trx, ctx.companyId, id, { is_selected_new_location: selected ? 1 : 0, version });
}

/**
 * Deletes a node and its subtree, refused while any of it holds stock. Content rows with
 * quantity 0 go with it; trays and issues pointing at it lose the location (FK set null), and
 * the trays are restamped so devices pull that.
 */
export async function deleteSubtree(trx: Trx, ctx: WriteCtx, id: number): Promise<number> {
  const version = await ctx.version();
  const { companyId } = ctx;
  await mustFindNotRoot(trx, companyId, id);
  const ids = subtreeIdsSql(companyId, id);
  const stock = await trx
    .selectFrom('location_content')
    .select(sql<number>`coalesce(sum(quantity), 0)`.as('q'))
    .where('company_id', '=', companyId)
    .where(sql<boolean>`location_id in ${ids}`)
    .executeTakeFirstOrThrow();
  if (Number(stock.q) > 0) throw conflict(deleteHasStockMessage(Number(stock.q)));

  const nodes = await subtree(trx, companyId, id);
  const content = await trx
    .selectFrom('location_content')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`location_id in ${ids}`)
    .execute();
  await trx
    .updateTable('trays')
    .set({ version })
    .where('company_id', '=', companyId)
    .where(sql<boolean>`location_id in ${ids}`)
    .execute();
  for (const part of chunks(content.map((c) => c.id))) {
    await trx.deleteFrom('location_content').where('id', 'in', part).execute();
  }
  // Deepest first, so no statement removes a parent whose children are still there.
  const deepestFirst = [...nodes].sort((a, b) => b.depth - a.depth).map((n) => n.id);
  for (const part of chunks(deepestFirst)) {
    await trx
      .deleteFrom('locations')
      .where('company_id', '=', companyId)
      .where('id', 'in', part)
      .execute();
  }
  await recordTombstones(
    trx,
    companyId,
    'location_content',
    content.map((c) => c.id),
    version,
  );
  await recordTombstones(trx, companyId, 'locations', deepestFirst, version);
  return nodes.length;
}

/**
 * Copies the subtree of `sourceId` as a new child of `targetId`: new ids, the same names and
 * order, fresh unique codes, no content and no 'new items' flags. Level by level, in batches;
 * the caller's transaction makes it all or nothing.
 */
export async function copySubtree(
  trx: Trx,
  ctx: WriteCtx,
  sourceId: number,
  targetId: number,
): Promise<{ rootId: number; copied: number }> {
  const version = await ctx.version();
  const { companyId } = ctx;
  const source = await mustFind(trx, companyId, sourceId);
  const target = await mustFind(trx, companyId, targetId);
  const chain = await ancestors(trx, companyId, target.id);
  if (chain.some((n) => n.id === source.id)) throw badRequest(LocationMessages.copyIntoSelf);
  const nodes = await subtree(trx, companyId, source.id);
  if (nodes.length > COPY_MAX_LOCATIONS) throw badRequest(copyTooLargeMessage(nodes.length));

  const oldCode = new Map(nodes.map((n) => [n.id, n.code]));
  const newCode = new Map<number, string>();
  const newId = new Map<number, number>();
  newCode.set(source.id, await freshChildCode(trx, companyId, target));
  newId.set(source.id, -1);
  const now = nowIso();
  const rootSort = await nextSortOrder(trx, target.id);

  const maxDepth = nodes.reduce((m, n) => Math.max(m, n.depth), 0);
  for (let depth = 0; depth <= maxDepth; depth++) {
    const level = nodes.filter((n) => n.depth === depth);
    if (depth > 0) {
      const wanted = level.map((n) =>
        copiedCode(n.code, oldCode.get(n.parent_id!)!, newCode.get(n.parent_id!)!),
      );
      const codes = await uniqueCodes(trx, companyId, wanted);
      level.forEach((n, i) => newCode.set(n.id, codes[i]));
    }
    for (const part of chunks(level)) {
      const inserted = await trx
        .insertInto('locations')
        .values(
          part.map((n) => ({
            company_id: companyId,
            parent_id: depth === 0 ? target.id : newId.get(n.parent_id!)!,
            name: n.name,
            code: newCode.get(n.id)!,
            is_selected_new_location: 0 as const,
            sort_order: depth === 0 ? rootSort : n.sort_order,
            created_at: now,
            updated_at: null,
            version,
          })),
        )
        .returning(['id', 'code'])
        .execute();
      const idByCode = new Map(inserted.map((r) => [r.code, Number(r.id)]));
      for (const n of part) newId.set(n.id, idByCode.get(newCode.get(n.id)!)!);
    }
  }
  return { rootId: newId.get(source.id)!, copied: nodes.length };
}
