import { FillingMutation, type TrayFillArgs } from '../../../contract/mutations/filling';
import { defineLocalEffect } from '../../offline';
import { localStockKey } from './local';

/**
 * What a fill does to the device's rows (see src/offline/effects.ts): applied when the filler
 * acts, and again on top of pulled rows while the fill has not reached the server.
 */

/** Stored with a fill: what the tray holds, for the stock row at the location. */
export interface FillLocal {
  item_id: number | null;
  colour_id: number | null;
  /** Bricks that went on the shelf (the tray's count unless the filler changed it). */
  quantity: number;
}

/**
 * The tray is filled at the location and its bricks are added to the stock there: to the pulled
 * stock row of the item, or to a stand-in row when the location held none of it yet (readers
 * ignore a stand-in once a pulled row for the same location and item exists).
 */
defineLocalEffect<TrayFillArgs>(FillingMutation.fill, async (store, args, entry) => {
  await store.update('trays', args.tray_id, (tray) => {
    tray.status = 'filled';
    tray.location_id = args.location_id;
  });
  const local = entry.local as FillLocal | undefined;
  if (!local || local.item_id === null) return;
  const standIn = localStockKey(args.tray_id);
  const rows = await store.find('locationContent', '[location_id+item_id]', [
    args.location_id,
    local.item_id,
  ]);
  const pulled = rows.find((row) => row.id !== standIn);
  if (pulled) {
    await store.update('locationContent', pulled.id as number, (row) => {
      row.quantity = Number(row.quantity ?? 0) + local.quantity;
    });
    return;
  }
  await store.put('locationContent', {
    id: standIn,
    tray_id: args.tray_id,
    location_id: args.location_id,
    item_id: local.item_id,
    colour_id: local.colour_id,
    quantity: local.quantity,
  });
});
