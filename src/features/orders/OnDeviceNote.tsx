import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { OnDevicePicks } from '../../../contract/on-device';
import { fetchOnDevice, onDeviceText } from './onDevice';

/**
 * Picks devices last told as not sent, for the order manager (all orders, or one). Read once per
 * mount and `refresh`; a failed read shows nothing (the list itself tells when it is offline).
 */
export function useOnDevice(enabled: boolean, orderId?: number, refresh?: unknown) {
  const [rows, setRows] = useState<OnDevicePicks[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchOnDevice(orderId).then(
      (r) => live && setRows(r),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [enabled, orderId, refresh]);
  return rows;
}

/** One line per device: "3 picks still on Anna's device (last told at 10:42)". */
export function OnDeviceNote({ rows, orderId }: { rows: OnDevicePicks[]; orderId: number }) {
  const mine = rows.filter((r) => r.order_id === orderId);
  if (mine.length === 0) return null;
  return (
    <>
      {mine.map((r) => (
        <Text key={`${r.user_id}-${r.reported_at}`} size="sm" c="yellow.9" data-testid="on-device">
          {onDeviceText(r)}
        </Text>
      ))}
    </>
  );
}
