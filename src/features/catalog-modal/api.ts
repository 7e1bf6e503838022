import type {
  CatalogItemsQuery,
  CatalogPick,
  CatalogTray,
  CatalogType,
  MouldInfo,
  MouldRef,
} from '../../../contract/catalog-modal';
import type { TreeNode } from '../../../contract/catalog';
import { api } from '../../api/client';
import type { Page } from '../catalog/api';
import { fetchCategories, fetchThemes } from '../catalog/api';

/** The digitizing desk's catalog calls (docs/catalog.md). Pages are zero-based. */

export function fetchTypes(): Promise<Page<CatalogType>> {
  return api.get('v1/catalog/types').json();
}

/** A type's theme tree, or its category tree for type 2. */
export function fetchTree(byCategory: boolean): Promise<Page<TreeNode>> {
  return byCategory ? fetchCategories() : fetchThemes();
}

export function fetchMoulds(query: CatalogItemsQuery): Promise<Page<MouldRef>> {
  const searchParams: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') searchParams[k] = v as string | number;
  }
  return api.get('v1/catalog/items', { searchParams }).json();
}

export function fetchMouldInfo(id: number): Promise<MouldInfo> {
  return api.get('v1/catalog/iteminfo', { searchParams: { id } }).json();
}

/**
 * New trays at the end of a batch, one per pick: quantity 1, 'ready for filling', price 0,
 * condition NEW (the batch trays editor calls this with what the catalog modal hands it).
 */
export async function addCatalogTrays(
  batchId: number,
  picks: CatalogPick[],
): Promise<CatalogTray[]> {
  const res: { results: CatalogTray[] } = await api
    .post('v1/catalog/trays', {
      json: {
        batch_id: batchId,
        items: picks.map((p) => ({ mold_id: p.mold_id, colour_id: p.colour_id ?? null })),
      },
    })
    .json();
  return res.results;
}
