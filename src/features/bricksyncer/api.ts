import type {
  AddLotsBody,
  ConvertedLot,
  ImportState,
  ConvertLot,
  NewBatchBody,
  SyncBatchItem,
  SyncBatchProjects,
  SyncBatchRow,
} from '../../../contract/sync-batches';
import { SYNC_BATCH_PAGE_SIZE } from '../../../contract/sync-batches';
import { api } from '../../api/client';
import type { ListPage } from '../../ui/PagedTable';

/** The sync batch screens' calls (docs/bricksyncer.md); prices in thousandths. */

export async function fetchSyncBatches(_q: object, page: number): Promise<ListPage<SyncBatchRow>> {
  const res = await api
    .get('v1/sync_batches', { searchParams: { limit: SYNC_BATCH_PAGE_SIZE, page } })
    .json<{ results: SyncBatchRow[]; total: number }>();
  return { count: res.total, results: res.results };
}

export function fetchSyncBatch(batchId: number): Promise<SyncBatchRow> {
  return api.get('v1/sync_batch', { searchParams: { batch_id: batchId } }).json();
}

export async function fetchBatchItems(batchId: number): Promise<SyncBatchItem[]> {
  const res = await api
    .get('v1/sync_batch_items', { searchParams: { batch_id: batchId } })
    .json<{ results: SyncBatchItem[] }>();
  return res.results;
}

export async function savePrices(
  batchId: number,
  items: { id: number; price: number }[],
): Promise<SyncBatchItem[]> {
  const res = await api
    .put('v1/sync_batch_items', { json: { batch_id: batchId, items }, timeout: 120_000 })
    .json<{ results: SyncBatchItem[] }>();
  return res.results;
}

export async function convertLots(lots: ConvertLot[]): Promise<ConvertedLot[]> {
  const res = await api
    .post('v1/sync_batch_convert', { json: { lots }, timeout: 120_000 })
    .json<{ results: ConvertedLot[] }>();
  return res.results;
}

export async function createSyncBatch(body: NewBatchBody): Promise<number> {
  const res = await api
    .post('v1/new_sync_batch', { json: body, timeout: 120_000 })
    .json<{ batch_id: number }>();
  return res.batch_id;
}

/** The next chunk of a large import's lots (POST /v1/sync_batch_lots). */
export function addBatchLots(body: AddLotsBody): Promise<ImportState> {
  return api.post('v1/sync_batch_lots', { json: body, timeout: 120_000 }).json<ImportState>();
}

/** A batch's lots as a BrickStore file. */
export function fetchBatchBsx(batchId: number): Promise<Blob> {
  return api
    .get('v1/sync_batch_bsx', { searchParams: { batch_id: batchId }, timeout: 120_000 })
    .blob();
}

/**
 * The company's projects a new batch may belong to, as choices: those in progress first, archived
 * ones marked so, each by name.
 */
export async function projectChoices(): Promise<{ value: string; label: string }[]> {
  const { results } = await api.get('v1/sync_batch_projects').json<SyncBatchProjects>();
  const archived = (p: { status: string }) => p.status === 'is archived';
  return [...results.filter((p) => !archived(p)), ...results.filter(archived)].map((p) => ({
    value: String(p.project_id),
    label: archived(p) ? `${p.name} (archived)` : p.name,
  }));
}

/** Euro typed in a price field (number input) to thousandths; null when empty. */
export const toThousandths = (euroValue: number | string): number | null => {
  const n = typeof euroValue === 'number' ? euroValue : Number(euroValue.replace(',', '.'));
  return euroValue === '' || !Number.isFinite(n) ? null : Math.round(n * 1000);
};
