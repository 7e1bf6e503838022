import { z } from 'zod';
import { id, int, text } from './fields';

/**
 * Picks still on a device: a picker's device tells the server, per order it holds a claim on, how
 * many of its picks have not been sent yet. The server keeps only the last report of each device
 * for each order, so the order manager sees "picks still on Anna's device" while the network is
 * bad. It is what the device last told, never more: the screens say when that was.
 */
export const OnDeviceReport = z.object({
  device_id: text(64, { trim: false }).min(8),
  orders: z
    .array(
      z.object({
        order_id: id(),
        /** Picks saved on the device and not yet confirmed by the server (0: all sent). */
        pending_picks: int(0, 10_000),
      }),
    )
    .max(200),
});
export type OnDeviceReport = z.infer<typeof OnDeviceReport>;

export const OnDeviceReportResponse = z.object({
  /** Orders whose report was kept: claimed by the caller, in the caller's company. */
  kept: z.array(z.number().int()),
  /** Orders the caller holds no claim on (or unknown): nothing kept for them. */
  ignored: z.array(z.number().int()),
});
export type OnDeviceReportResponse = z.infer<typeof OnDeviceReportResponse>;

export const OnDeviceQuery = z.object({ order_id: id().optional() });
export type OnDeviceQuery = z.input<typeof OnDeviceQuery>;

export const OnDevicePicks = z.object({
  order_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string().nullable(),
  pending_picks: z.number().int(),
  /** When the device last told it (ISO time). */
  reported_at: z.string(),
});
export type OnDevicePicks = z.infer<typeof OnDevicePicks>;

export const OnDeviceResponse = z.object({ results: z.array(OnDevicePicks) });
export type OnDeviceResponse = z.infer<typeof OnDeviceResponse>;
