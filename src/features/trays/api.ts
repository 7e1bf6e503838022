import { HTTPError } from 'ky';
import {
  BATCHES_PER_PAGE,
  type BatchIdsResponse,
  type BatchListResponse,
  type BatchSortFlag,
  type StoreBatchResponse,
  type TrayDetail,
  type TrayListResponse,
} from '../../../contract/warehouse';
import { api } from '../../api/client';

/** The online calls of the warehouse desk. */

export function fetchBatches(sort: BatchSortFlag, page: number) {
  const searchParams = new URLSearchParams({
    limit: String(BATCHES_PER_PAGE),
    page: String(page),
    [sort]: '1',
  });
  return api.get('v1/warehouse/batches', { searchParams }).json<BatchListResponse>();
}

export function fetchBatchIds() {
  return api.get('v1/warehouse/batch_ids').json<BatchIdsResponse>();
}

export function fetchTrays(batchId: number | null) {
  const searchParams = batchId === null ? undefined : { batch_id: batchId };
  return api.get('v1/warehouse/trays', { searchParams }).json<TrayListResponse>();
}

export function fetchTray(trayId: number) {
  return api.get('v1/warehouse/tray', { searchParams: { tray_id: trayId } }).json<TrayDetail>();
}

/** Store a batch: every tray still to fill becomes filled at the location (order_manager). */
export function storeBatch(batchId: number, locationId: number) {
  return api
    .post('v1/warehouse/batch/store', {
      searchParams: { batch_id: batchId },
      json: { location_id: locationId },
    })
    .json<StoreBatchResponse>();
}

export function isNotFound(error: unknown): boolean {
  return error instanceof HTTPError && error.response.status === 404;
}
