import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CopyLocationRequest,
  CopyLocationResponse,
  isFlagOn,
  isSelected,
  LABELS_MAX,
  LocationChildrenQuery,
  LocationChildrenResponse,
  LocationCreateRequest,
  LocationDeleteResponse,
  LocationDetail,
  LocationGetQuery,
  LocationIdQuery,
  LocationLabelsQuery,
  LocationMessages,
  LocationNode,
  LocationUpdateRequest,
  NewLocationItemsRequest,
  tooManyLabelsMessage,
} from '../../../contract/locations';
import type { RoleName } from '../../../contract/permissions';
import { badRequest } from '../../errors';
import { inTransaction } from '../../write/context';
import { labelsPage } from './labels';
import { crumbs } from './route';
import { copySubtree, createChild, deleteSubtree, move, rename, setNewItems } from './service';
import {
  ancestors,
  childNodes,
  companyRoot,
  flaggedFromAbove,
  mustFind,
  nodeOf,
  subtree,
  subtreeSize,
  type SubtreeRow,
} from './tree';

/** Who reads the tree: the Warehouse Overview, the filler's and the store modal's pickers. */
export const TREE_READERS: readonly RoleName[] = ['warehouse_manager', 'picker', 'order_manager'];
export const TREE_EDITORS: readonly RoleName[] = ['warehouse_manager'];

/** Ids of a subtree in walking order: each node followed by its children's subtrees. */
function depthFirst(nodes: SubtreeRow[]): number[] {
  const kids = new Map<number, SubtreeRow[]>();
  for (const n of nodes) {
    if (n.depth === 0) continue;
    const list = kids.get(n.parent_id!) ?? [];
    list.push(n);
    kids.set(n.parent_id!, list);
  }
  const out: number[] = [];
  const stack = nodes.filter((n) => n.depth === 0).reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n.id);
    const list = kids.get(n.id) ?? [];
    for (let i = list.length - 1; i >= 0; i--) stack.push(list[i]);
  }
  return out;
}

/** The tree and its labels (docs/locations.md). */
export async function treeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['locations'];

  const node = async (companyId: number, id: number): Promise<LocationNode> =>
    nodeOf(app.db, companyId, await mustFind(app.db, companyId, id));

  r.get(
    '/v1/location_children',
    {
      config: { access: TREE_READERS },
      schema: {
        tags,
        summary: 'One level of the tree: the children of parent_id (without it: the root)',
        querystring: LocationChildrenQuery,
        response: { 200: LocationChildrenResponse },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const parentId = request.query.parent_id;
      if (parentId === undefined) {
        const results = await childNodes(app.db, companyId, null, false);
        return { parent_id: null, results, count: results.length };
      }
      await mustFind(app.db, companyId, parentId);
      const inherited = await flaggedFromAbove(app.db, companyId, parentId);
      const results = await childNodes(app.db, companyId, parentId, inherited);
      return { parent_id: parentId, results, count: results.length };
    },
  );

  r.get(
    '/v1/location',
    {
      config: { access: TREE_READERS },
      schema: {
        tags,
        summary: 'A location with its breadcrumb and children (without location_id: the root)',
        querystring: LocationGetQuery,
        response: { 200: LocationDetail },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const id = request.query.location_id ?? (await companyRoot(app.db, companyId)).id;
      const chain = await ancestors(app.db, companyId, id);
      const self = chain.at(-1);
      if (!self || self.id !== id) await mustFind(app.db, companyId, id);
      const base = await node(companyId, id);
      const flagged = chain.some((n) => n.is_selected_new_location === 1);
      return {
        ...base,
        is_root: base.parent_id === null,
        breadcrumb: chain.map((n) => n.name).join(' > '),
        path: chain.map((n) => ({ location_id: n.id, name: n.name, code: n.code })),
        children: await childNodes(app.db, companyId, id, flagged),
      };
    },
  );

  r.put(
    '/v1/location',
    {
      config: { access: TREE_EDITORS },
      schema: {
        tags,
        summary: 'Rename ({name}) or move ({parent_id}, with its whole subtree) a location',
        querystring: LocationIdQuery,
        body: LocationUpdateRequest,
        response: { 200: LocationNode },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const id = request.query.location_id;
      const { name, parent_id } = request.body;
      await inTransaction(app.db, request.user, (trx, ctx) =>
        name !== undefined ? rename(trx, ctx, id, name) : move(trx, ctx, id, parent_id!),
      );
      return node(companyId, id);
    },
  );

  r.post(
    '/v1/location',
    {
      config: { access: TREE_EDITORS },
      schema: {
        tags,
        summary: "Add a child location ('new location') with a fresh code",
        body: LocationCreateRequest,
        response: { 201: LocationNode },
      },
    },
    async (request, reply) => {
      const { companyId } = request.user;
      const { parent_id, name } = request.body;
      const row = await inTransaction(app.db, request.user, (trx, ctx) =>
        createChild(trx, ctx, parent_id, name),
      );
      return reply.code(201).send(await nodeOf(app.db, companyId, row));
    },
  );

  r.delete(
    '/v1/location',
    {
      config: { access: TREE_EDITORS },
      schema: {
        tags,
        summary: 'Delete a location and its subtree (refused while any of it holds stock)',
        querystring: LocationIdQuery,
        response: { 200: LocationDeleteResponse },
      },
    },
    async (request) => {
      const deleted = await inTransaction(app.db, request.user, (trx, ctx) =>
        deleteSubtree(trx, ctx, request.query.location_id),
      );
      return { message: LocationMessages.deleted, deleted };
    },
  );

  r.post(
    '/v1/copy_location',
    {
      config: { access: TREE_EDITORS },
      schema: {
        tags,
        summary:
          'Copy a subtree under a target (new ids and codes; content not copied), atomically',
        body: CopyLocationRequest,
        response: { 200: CopyLocationResponse },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const { source_location_id, target_location_id } = request.body;
      const { rootId, copied } = await inTransaction(app.db, request.user, (trx, ctx) =>
        copySubtree(trx, ctx, source_location_id, target_location_id),
      );
      return { location: await node(companyId, rootId), copied };
    },
  );

  r.post(
    '/v1/new_location_items',
    {
      config: { access: TREE_EDITORS },
      schema: {
        tags,
        summary: "Mark (selected) or unmark a location as a 'new items' location",
        body: NewLocationItemsRequest,
        response: { 200: LocationNode },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const { location_id, selected } = request.body;
      await inTransaction(app.db, request.user, (trx, ctx) =>
        setNewItems(trx, ctx, location_id, isSelected(selected)),
      );
      return node(companyId, location_id);
    },
  );

  r.get(
    '/v1/location_labels',
    {
      config: { access: TREE_READERS },
      schema: {
        tags,
        summary: 'Print-ready HTML labels (QR + Code 128 + breadcrumb) of a location or subtree',
        querystring: LocationLabelsQuery,
      },
    },
    async (request, reply) => {
      const { companyId } = request.user;
      const { location_id, subtree: whole, layout } = request.query;
      const top = await mustFind(app.db, companyId, location_id);
      let ids = [top.id];
      if (isFlagOn(whole)) {
        const size = await subtreeSize(app.db, companyId, top.id);
        if (size > LABELS_MAX) throw badRequest(tooManyLabelsMessage(size));
        ids = depthFirst(await subtree(app.db, companyId, top.id));
      }
      const named = await crumbs(app.db, companyId, ids);
      const labels = ids.map((id) => ({ code: named.get(id)!.code, crumb: named.get(id)!.crumb }));
      const title = `Labels: ${named.get(top.id)!.crumb}`;
      const html = await labelsPage(labels, layout, title);
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
    },
  );
}
