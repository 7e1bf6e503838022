import { FillingMutation, type TrayFillArgs } from '../../../contract/mutations/filling';
import { PickingMutation, type IssueReportArgs } from '../../../contract/mutations/picking';
import { enqueue, getDb, type WarehouseDb } from '../../offline';
import { localStockKey } from './local';

/**
 * The filler's writes. Each goes into the outbox together with its optimistic change of the
 * device's data (one transaction), so filling works offline and reaches the server exactly once.
 */

export interface FillInput extends TrayFillArgs {
  quantity: number;
  item_id: number | null;
  colour_id: number | null;
}

/**
 * Fill a tray at a location (tray.fill.v1): on this device the tray is filled there at once and
 * its bricks are added to the stock at the location (a stand-in stock row when the location held
 * none of the item; the pull after the push replaces it).
 */
export function fillTray(input: FillInput, db: WarehouseDb = getDb()) {
  const args: TrayFillArgs = {
    tray_id: input.tray_id,
    location_id: input.location_id,
    quantity: input.quantity,
  };
  return enqueue(
    FillingMutation.fill,
    args,
    async (tx) => {
      await tx.trays.update(input.tray_id, { status: 'filled', location_id: input.location_id });
      if (input.item_id === null) return;
      const changed = await tx.locationContent
        .where('[location_id+item_id]')
        .equals([input.location_id, input.item_id])
        .modify((row) => {
          row.quantity = Number(row.quantity ?? 0) + input.quantity;
        });
      if (changed === 0) {
        await tx.locationContent.put({
          id: localStockKey(input.tray_id),
          tray_id: input.tray_id,
          location_id: input.location_id,
          item_id: input.item_id,
          colour_id: input.colour_id,
          quantity: input.quantity,
        });
      }
    },
    db,
  );
}

/** A filler's issue report to the warehouse manager, the order manager or both (issue.report.v1). */
export function reportFillIssue(args: IssueReportArgs, db: WarehouseDb = getDb()) {
  return enqueue(PickingMutation.issue, args, undefined, db);
}
