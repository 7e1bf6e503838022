import type { FastifyInstance } from 'fastify';
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
import { routesOf } from '../../http/routes';

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
  const api = routesOf(app, 'locations');

  const node = async (companyId: number, id: number): Promise<LocationNode> =>
    nodeOf(app.db, companyId, await mustFind(app.db, companyId, id));

  api.get(
    '/v1/location_children',
    {
      access: TREE_READERS,
      summary: 'One level of the tree: the children of parent_id (without it: the root)',
      query: LocationChildrenQuery,
      answer: LocationChildrenResponse,
    },
    async ({ query, user }) => {
      const { companyId } = user;
      const parentId = query.parent_id;
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

  api.get(
    '/v1/location',
    {
      access: TREE_READERS,
      summary: 'A location with its breadcrumb and children (without location_id: the root)',
      query: LocationGetQuery,
      answer: LocationDetail,
    },
    async ({ query, user }) => {
      const { companyId } = user;
      const id = query.location_id ?? (await companyRoot(app.db, companyId)).id;
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

  api.put(
    '/v1/location',
    {
      access: TREE_EDITORS,
      summary: 'Rename ({name}) or move ({parent_id}, with its whole subtree) a location',
      query: LocationIdQuery,
      body: LocationUpdateRequest,
      answer: LocationNode,
    },
    async ({ query, body, user, change }) => {
      const { companyId } = user;
      const id = query.location_id;
      const { name, parent_id } = body;
      await change((trx, ctx) =>
        name !== undefined ? rename(trx, ctx, id, name) : move(trx, ctx, id, parent_id!),
      );
      return node(companyId, id);
    },
  );

  api.post(
    '/v1/location',
    {
      access: TREE_EDITORS,
      summary: "Add a child location ('new location') with a fresh code",
      body: LocationCreateRequest,
      answer: LocationNode,
      status: 201,
    },
    async ({ body, user, change }) => {
      const { companyId } = user;
      const { parent_id, name } = body;
      const row = await change((trx, ctx) => createChild(trx, ctx, parent_id, name));
      return nodeOf(app.db, companyId, row);
    },
  );

  api.delete(
    '/v1/location',
    {
      access: TREE_EDITORS,
      summary: 'Delete a location and its subtree (refused while any of it holds stock)',
      query: LocationIdQuery,
      answer: LocationDeleteResponse,
    },
    async ({ query, change }) => {
      const deleted = await change((trx, ctx) => deleteSubtree(trx, ctx, query.location_id));
      return { message: LocationMessages.deleted, deleted };
    },
  );

  api.post(
    '/v1/copy_location',
    {
      access: TREE_EDITORS,
      summary: 'Copy a subtree under a target (new ids and codes; content not copied), atomically',
      body: CopyLocationRequest,
      answer: CopyLocationResponse,
    },
    async ({ body, user, change }) => {
      const { companyId } = user;
      const { source_location_id, target_location_id } = body;
      const { rootId, copied } = await change((trx, ctx) =>
        copySubtree(trx, ctx, source_location_id, target_location_id),
      );
      return { location: await node(companyId, rootId), copied };
    },
  );

  api.post(
    '/v1/new_location_items',
    {
      access: TREE_EDITORS,
      summary: "Mark (selected) or unmark a location as a 'new items' location",
      body: NewLocationItemsRequest,
      answer: LocationNode,
    },
    async ({ body, user, change }) => {
      const { companyId } = user;
      const { location_id, selected } = body;
      await change((trx, ctx) => setNewItems(trx, ctx, location_id, isSelected(selected)));
      return node(companyId, location_id);
    },
  );

  api.get(
    '/v1/location_labels',
    {
      access: TREE_READERS,
      summary: 'Print-ready HTML labels (QR + Code 128 + breadcrumb) of a location or subtree',
      query: LocationLabelsQuery,
    },
    async ({ query, user, reply }) => {
      const { companyId } = user;
      const { location_id, subtree: whole, layout } = query;
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
