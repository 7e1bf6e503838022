import type {
  UnknownLotList,
  UnknownLotRemoval,
  UnknownLotRow,
} from '../../../contract/unknown-lots';
import { api } from '../../api/client';

/** The calls behind the stock issues' lots the warehouse does not know (docs/marketplaces.md). */

export async function fetchUnknownLots(): Promise<UnknownLotRow[]> {
  return (await api.get('v1/unknown_store_lots').json<UnknownLotList>()).results;
}

/** The lot becomes the store's item of the warehouse; answers it adopted. */
export function adoptUnknownLot(id: number): Promise<UnknownLotRow> {
  return api.post('v1/unknown_store_lots/adopt', { json: { id } }).json();
}

/** The store's stock sync deletes the lot; answers it `removing` with that job. */
export function removeUnknownLot(id: number): Promise<UnknownLotRemoval> {
  return api.post('v1/unknown_store_lots/remove', { json: { id } }).json();
}
