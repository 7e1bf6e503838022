import { z } from 'zod';
import { argId, STOCK_MAX } from '../fields';

/**
 * Outbox mutations of the filler (docs/offline.md, docs/filling.md). A filler's issue reports use
 * the picker's `issue.report.v1` (contract/mutations/picking.ts).
 */
export const FillingMutation = {
  /** Fills a tray at a location and adds its bricks to the stock there, once. */
  fill: 'tray.fill.v1',
} as const;

export const FillingRejectCode = {
  /** The tray was filled before (by this device's earlier push, a colleague, or a Store). */
  trayAlreadyFilled: 'tray_already_filled',
  trayNotFound: 'tray_not_found',
  /** The tray has no item variant (cleared during digitizing). */
  trayHasNoItem: 'tray_has_no_item',
  locationNotFound: 'location_not_found',
  /** item_id or colour_id sent do not match the tray. */
  itemMismatch: 'item_mismatch',
  batchNotFound: 'batch_not_found',
  batchNotReady: 'batch_not_ready',
  nothingToStore: 'nothing_to_store',
} as const;
export type FillingRejectCode = (typeof FillingRejectCode)[keyof typeof FillingRejectCode];

const Id = argId();

/** `quantity` (default: the tray's) is what went on the shelf; the tray records it. */
export const TrayFillArgs = z.object({
  tray_id: Id,
  location_id: Id,
  quantity: z.number().int().min(0).max(STOCK_MAX).optional(),
});
export type TrayFillArgs = z.infer<typeof TrayFillArgs>;
