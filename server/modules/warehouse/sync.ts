import { FillingMutation, TrayFillArgs } from '../../../contract/mutations/filling';
import { pullAccess } from '../../../contract/sync-collections';
import { defineCollection, defineMutation } from '../../sync';
import { writeCtx } from '../../write/context';
import { restampRefused } from '../../write/restamp';
import { fillTray } from './fill';
import { traySelect } from './queries';

/**
 * The filler's outbox mutation and the `trays` pull collection (docs/offline.md).
 * A filler's issue reports go through the orders module's `issue.report.v1`.
 */
export const trayFill = defineMutation({
  name: FillingMutation.fill,
  roles: ['picker', 'order_manager'],
  args: TrayFillArgs,
  apply: async (trx, ctx, args) => {
    await fillTray(trx, writeCtx(ctx), args);
  },
  /** The device marked the tray filled and raised its stock: send both again. */
  restamp: (trx, ctx, args) =>
    restampRefused(trx, ctx, { table: 'trays', id: args.tray_id }, args.location_id, [
      { table: 'trays', id: args.tray_id },
    ]),
});

/**
 * Trays of batches being filled ('ready for filling'), with what the Fill tray screen shows.
 * Rows carry `tray_id` (the device's key) beside `id`; when a batch is done its trays get
 * tombstones (see fill.ts touchBatch).
 */
export const traysCollection = defineCollection({
  ...pullAccess('trays'),
  table: 'trays',
  key: 'id',
  select: (db, companyId) =>
    traySelect(db, companyId)
      .where('b.status', '=', 'ready for filling')
      .select([
        'trays.id',
        'trays.id as tray_id',
        'trays.tray_nr',
        'trays.batch_id',
        'trays.status',
        'trays.date_of_creation',
        'trays.item_id',
        'i.readable_id',
        'm.brickbase_uuid as item_uuid',
        'm.id as mold_id',
        'm.name as mold_name',
        'm.bl_mold_id',
        'm.image_url as image_path',
        'co.id as colour_id',
        'co.name as colour_name',
        'co.hex as colour_hex',
        'co.bl_colour_id',
        'trays.quantity',
        'trays.location_id',
        'trays.version',
      ]),
});
