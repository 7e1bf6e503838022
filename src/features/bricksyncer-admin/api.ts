import { HTTPError } from 'ky';
import {
  JSON_API,
  type LogEntryResource,
  type StockErrorResource,
  type StoreAttributesIn,
  type StoreItemRow,
  type StoreItemUpdate,
  type StoreResource,
} from '../../../contract/bricksyncer';
import type { JobView } from '../../../contract/jobs';
import { api } from '../../api/client';

/** The marketplace back office's calls (docs/bricksyncer-admin.md). */

const jsonApi = (data: object) => ({
  body: JSON.stringify({ data }),
  headers: { 'content-type': JSON_API },
});

export async function fetchStores(): Promise<StoreResource[]> {
  return (await api.get('v2/stores').json<{ data: StoreResource[] }>()).data;
}

export async function fetchStore(id: string): Promise<StoreResource> {
  return (await api.get(`v2/stores/${id}`).json<{ data: StoreResource }>()).data;
}

export async function addStore(attributes: StoreAttributesIn): Promise<StoreResource> {
  const res = await api.post('v2/stores', jsonApi({ type: 'stores', attributes }));
  return (await res.json<{ data: StoreResource }>()).data;
}

export async function editStore(id: string, attributes: StoreAttributesIn): Promise<StoreResource> {
  const res = await api.patch(`v2/stores/${id}`, jsonApi({ type: 'stores', id, attributes }));
  return (await res.json<{ data: StoreResource }>()).data;
}

export async function deleteStore(id: string): Promise<void> {
  await api.delete(`v2/stores/${id}`);
}

/** True when the call failed because the store is not there (or not the company's). */
export const isNotFound = (error: unknown) =>
  error instanceof HTTPError && error.response.status === 404;

export function saveStoreItem(update: StoreItemUpdate): Promise<StoreItemRow> {
  return api.put('v1/stock_store_item', { json: update }).json();
}

/** Queues the sending of waiting changes to every store with credentials; one job per store. */
export async function sendStockChanges(): Promise<JobView[]> {
  const res = await api.post('v1/stock_sync', { json: {} }).json<{ jobs: JobView[] }>();
  return res.jobs;
}

/** Queues a check of every store with credentials against the warehouse; one job per store. */
export async function checkStores(): Promise<JobView[]> {
  const res = await api.post('v1/stock_check', { json: {} }).json<{ jobs: JobView[] }>();
  return res.jobs;
}

export async function fetchStockErrors(): Promise<StockErrorResource[]> {
  return (await api.get('v2/stock_item_errors').json<{ data: StockErrorResource[] }>()).data;
}

export async function resolveStockError(id: string): Promise<StockErrorResource> {
  const res = await api.patch(
    `v2/stock_item_errors/${id}`,
    jsonApi({ type: 'stock_item_errors', id, attributes: { is_resolved: 1 } }),
  );
  return (await res.json<{ data: StockErrorResource }>()).data;
}

export async function fetchLogEntries(): Promise<LogEntryResource[]> {
  const res = await api.get('v2/log_entries', {
    searchParams: { sort: '-created_at', 'page[size]': 100 },
  });
  return (await res.json<{ data: LogEntryResource[] }>()).data;
}
