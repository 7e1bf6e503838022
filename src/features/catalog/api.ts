import type {
  BrowseQuery,
  CatalogItem,
  CatalogRef,
  CatalogTab,
  Colour,
  TreeNode,
} from '../../../contract/catalog';
import type {
  ChangeEntry,
  Suggestion,
  SuggestionList,
  SuggestionRequest,
  SuggestionStatus,
} from '../../../contract/catalog-review';
import { api } from '../../api/client';

/** BrickBase's calls (docs/catalog.md). Pages are zero-based, as the catalog API counts them. */

export interface Page<R> {
  count: number;
  results: R[];
}

const base = 'v3/brickbase';

export function browseCatalog(query: BrowseQuery): Promise<Page<CatalogRef>> {
  const searchParams: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') searchParams[k] = v as string | number;
  }
  return api.get(`${base}/catalog/`, { searchParams }).json();
}

export function catalogCounts(): Promise<Record<CatalogTab, number>> {
  return api.get(`${base}/catalog/overview/`).json();
}

/** Objects by uuid (any kind); unknown ones answer 404. */
export function itemsByUuid(uuids: string[]): Promise<Page<CatalogItem>> {
  return api.get(`${base}/uuids/${uuids.map(encodeURIComponent).join(',')}`).json();
}

export function setById(id: string): Promise<Page<CatalogItem>> {
  return api.get(`${base}/sets/${encodeURIComponent(id)}`).json();
}

export function fetchThemes(): Promise<Page<TreeNode>> {
  return api.get(`${base}/themes/`).json();
}

export function fetchCategories(): Promise<Page<TreeNode>> {
  return api.get(`${base}/categories/`).json();
}

export function fetchColours(): Promise<Page<Colour>> {
  return api.get(`${base}/colours/`).json();
}

export function suggest(body: SuggestionRequest): Promise<{ uuid: string }> {
  return api.post(`${base}/suggestions/`, { json: body }).json();
}

export function fetchSuggestions(
  statuses: SuggestionStatus[],
  page: number,
  size: number,
): Promise<SuggestionList> {
  return api
    .get(`${base}/suggestions/`, { searchParams: { status: statuses.join(','), page, size } })
    .json();
}

export async function reviewSuggestion(s: Suggestion, action: 'accept' | 'reject'): Promise<void> {
  await api.post(`${base}/suggestion/${encodeURIComponent(s.uuid)}/${action}/`, {
    json: { description: s.description, changes: s.changes },
  });
}

/** The whole changelog, or one object's (uuid). */
export function fetchChanges(
  page: number,
  size: number,
  uuid?: string,
): Promise<Page<ChangeEntry>> {
  const path = uuid ? `${base}/logs/${encodeURIComponent(uuid)}/` : `${base}/logs/`;
  return api.get(path, { searchParams: { page, size } }).json();
}

/** An item screen's object: a uuid of any kind, or a part's numeric id. */
export function itemByKey(key: string): Promise<Page<CatalogItem>> {
  return /^\d+$/.test(key)
    ? api.get(`${base}/parts/${key}`).json()
    : api.get(`${base}/uuids/${encodeURIComponent(key)}`).json();
}
