import type { ItemListResponse, ItemQuery } from '../../contract/locations';
import { api } from './client';

/**
 * GET /v1/item: a page of the company's catalog items, filtered by mould name and item id. A
 * filter left empty (no text, no id) is not sent. Used by the Kulla Catalog and the location
 * tree's Add item.
 */
export function fetchItems(query: ItemQuery): Promise<ItemListResponse> {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') searchParams[key] = String(value);
  }
  return api.get('v1/item', { searchParams }).json();
}
