import type { LocationContentResponse } from '../../../contract/orders';
import type {
  CopyLocationResponse,
  LocationChildrenResponse,
  LocationDetail,
} from '../../../contract/locations';
import { api } from '../../api/client';

/**
 * The calls of the location tree, its content and labels (mounted under the API
 * base; docs/locations.md).
 */

export function fetchChildren(parentId: number | null): Promise<LocationChildrenResponse> {
  const searchParams = parentId === null ? {} : { parent_id: parentId };
  return api.get('v1/location_children', { searchParams }).json();
}

export function fetchLocation(locationId: number | null): Promise<LocationDetail> {
  const searchParams = locationId === null ? {} : { location_id: locationId };
  return api.get('v1/location', { searchParams }).json();
}

export function fetchContent(locationId: number): Promise<LocationContentResponse> {
  return api.get('v1/location_content', { searchParams: { location_id: locationId } }).json();
}

export async function renameLocation(locationId: number, name: string): Promise<void> {
  await api.put('v1/location', { searchParams: { location_id: locationId }, json: { name } });
}

export async function moveLocation(locationId: number, parentId: number): Promise<void> {
  await api.put('v1/location', {
    searchParams: { location_id: locationId },
    json: { parent_id: parentId },
  });
}

export async function createLocation(parentId: number): Promise<void> {
  await api.post('v1/location', { json: { parent_id: parentId, name: 'new location' } });
}

export function copyLocation(sourceId: number, targetId: number): Promise<CopyLocationResponse> {
  return api
    .post('v1/copy_location', {
      json: { source_location_id: sourceId, target_location_id: targetId },
    })
    .json();
}

export async function deleteLocation(locationId: number): Promise<void> {
  await api.delete('v1/location', { searchParams: { location_id: locationId } });
}

export async function setNewItems(locationId: number, selected: boolean): Promise<void> {
  await api.post('v1/new_location_items', { json: { selected, location_id: locationId } });
}

export async function setQuantity(
  locationId: number,
  itemId: number,
  quantity: number,
): Promise<void> {
  await api.put('v1/location_content', {
    searchParams: { location_id: locationId, item_id: itemId },
    json: { quantity, balance_change: false },
  });
}

export async function deleteContent(
  locationId: number,
  itemId: number,
  colourId: number,
): Promise<void> {
  await api.delete('v1/location_content', {
    searchParams: { item_id: itemId, location_id: locationId, colour_id: colourId },
  });
}

export async function moveContent(itemId: number, fromId: number, intoId: number): Promise<void> {
  await api.put('v1/move_location_content', {
    searchParams: { item_id: itemId, from_location_id: fromId, into_location_id: intoId },
  });
}

export type LabelLayout = 'sheet' | 'roll';

/** The print-ready label page (HTML); it needs the bearer token, so it is fetched, not linked. */
export function fetchLabels(
  locationId: number,
  subtree: boolean,
  layout: LabelLayout,
): Promise<string> {
  return api
    .get('v1/location_labels', {
      searchParams: { location_id: locationId, subtree: subtree ? 'true' : 'false', layout },
      timeout: 60_000,
    })
    .text();
}
