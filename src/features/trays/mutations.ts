import { FillingMutation, type TrayFillArgs } from '../../../contract/mutations/filling';
import { PickingMutation, type IssueReportArgs } from '../../../contract/mutations/picking';
import { enqueue, getDb, type WarehouseDb } from '../../offline';
// The local effect of a fill registers on import.
import type { FillLocal } from './effects';
import './effects';

/**
 * The filler's writes. Each goes into the outbox together with its local effect on the device's
 * data (./effects.ts, one transaction), so filling works offline and reaches the server exactly
 * once. Each throws when the device cannot store it: the caller must not show it as done.
 */

export type FillInput = Omit<TrayFillArgs, 'quantity'> & FillLocal;

/**
 * Fill a tray at a location (tray.fill.v1): on this device the tray is filled there at once and
 * its bricks are added to the stock at the location.
 */
export function fillTray(input: FillInput, db: WarehouseDb = getDb()) {
  const args: TrayFillArgs = {
    tray_id: input.tray_id,
    location_id: input.location_id,
    quantity: input.quantity,
  };
  const local: FillLocal = {
    item_id: input.item_id,
    colour_id: input.colour_id,
    quantity: input.quantity,
  };
  return enqueue(FillingMutation.fill, args, undefined, db, { local });
}

/** A filler's issue report to the warehouse manager, the order manager or both (issue.report.v1). */
export function reportFillIssue(args: IssueReportArgs, db: WarehouseDb = getDb()) {
  return enqueue(PickingMutation.issue, args, undefined, db);
}
