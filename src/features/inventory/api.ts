import type {
  AddBricksRequest,
  AddBricksResponse,
  Condition,
  InventoryResponse,
} from '../../../contract/inventory';
import { api } from '../../api/client';

/**
 * The inventory's calls: its pages, the whole body for the BSX export, the conditions and the
 * Kulla Catalog's Add bricks (docs/inventory.md). The catalog item list is src/api/items.ts.
 */

export function fetchInventoryPage(page: number, limit: number): Promise<InventoryResponse> {
  return api.get('v1/inventory', { searchParams: { page, limit } }).json();
}

/** The whole inventory as the raw JSON body, for the export worker to parse off the main thread. */
export function fetchInventoryBody(): Promise<ArrayBuffer> {
  return api.get('v1/inventory', { timeout: false }).arrayBuffer();
}

export function fetchConditions(): Promise<Condition[]> {
  return api.get('v1/condition').json();
}

export function addBricks(body: AddBricksRequest): Promise<AddBricksResponse> {
  return api.post('v1/item_overview/add', { json: body }).json();
}
