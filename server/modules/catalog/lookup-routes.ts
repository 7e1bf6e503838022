import type { FastifyInstance } from 'fastify';
import {
  BrowseQuery,
  CatalogMessages,
  ColoursResponse,
  IdListParams,
  ItemsResponse,
  OverviewResponse,
  RefsResponse,
  TreeResponse,
  UuidListParams,
  type CatalogItem,
  type ObjectType,
} from '../../../contract/catalog';
import type { RoleName } from '../../../contract/permissions';
import { notFound } from '../../errors';
import { browse, overview } from './browse';
import { loadItem, resolveKeys, TABLE_OF } from './items';
import { findByUuid } from './rules';
import { routesOf } from '../../http/routes';

/** Who browses BrickBase and proposes changes: the digitizing staff and the admin. */
export const CATALOG_ROLES: readonly RoleName[] = ['digibrick_user', 'digibrick_manager', 'admin'];

/** The four object lookups: path segment → object type. */
const CATEGORIES: [string, ObjectType][] = [
  ['parts', 'part'],
  ['minifig', 'minifig'],
  ['sets', 'set'],
  ['elements', 'element'],
];

/**
 * BrickBase lookups and the catalog browser (docs/catalog.md). The catalog is shared reference
 * data with no company rows, so any signed-in user may look objects up (the order detail's item
 * info, the floor's item cards); browsing is the catalog staff's.
 */
export async function catalogLookupRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'brickbase');

  for (const [segment, type] of CATEGORIES) {
    api.get(
      `/v3/brickbase/${segment}/:ids`,
      {
        access: 'user',
        summary: `One ${type} or several (ids or uuids joined by commas), with their details`,
        params: IdListParams,
        answer: ItemsResponse,
      },
      async ({ params }) => {
        const ids = await resolveKeys(app.db, TABLE_OF[type], params.ids);
        if (ids.length === 0) throw notFound(CatalogMessages.notFound);
        const results: CatalogItem[] = [];
        for (const id of ids) {
          const item = await loadItem(app.db, type, id);
          if (item) results.push(item);
        }
        return { count: results.length, results };
      },
    );
  }

  api.get(
    '/v3/brickbase/uuids/:list',
    {
      access: 'user',
      summary: 'Parts, minifigs, sets and elements by uuid (comma-joined); unknown ones left out',
      params: UuidListParams,
      answer: ItemsResponse,
    },
    async ({ params }) => {
      const results: CatalogItem[] = [];
      for (const uuid of params.list) {
        const found = await findByUuid(app.db, uuid);
        const item = found && (await loadItem(app.db, found.type, found.id));
        if (item) results.push(item);
      }
      if (results.length === 0) throw notFound(CatalogMessages.notFound);
      return { count: results.length, results };
    },
  );

  api.get(
    '/v3/brickbase/colours/',
    { access: 'user', summary: 'Every colour', answer: ColoursResponse },
    async () => {
      const results = await app.db
        .selectFrom('colours')
        .select(['id', 'uuid', 'name', 'rebrickable_id', 'hex'])
        .orderBy('name')
        .execute();
      return { count: results.length, results };
    },
  );

  for (const table of ['themes', 'categories'] as const) {
    api.get(
      `/v3/brickbase/${table}/`,
      {
        access: 'user',
        summary: `Every ${table === 'themes' ? 'theme' : 'part category'} (a tree by parent_id)`,
        answer: TreeResponse,
      },
      async () => {
        const results = await app.db
          .selectFrom(table)
          .select(['id', 'name', 'parent_id'])
          .orderBy('name')
          .execute();
        return { count: results.length, results };
      },
    );
  }

  api.get(
    '/v3/brickbase/catalog/',
    {
      access: CATALOG_ROLES,
      summary: 'Catalog browser: one tab, searched by name or id and filtered, a page at a time',
      query: BrowseQuery,
      answer: RefsResponse,
    },
    async ({ query }) => browse(app.db, query),
  );

  api.get(
    '/v3/brickbase/catalog/overview/',
    {
      access: CATALOG_ROLES,
      summary: 'How many rows each tab of the catalog browser holds',
      answer: OverviewResponse,
    },
    async () => overview(app.db),
  );
}
