import { createStore } from 'zustand/vanilla';

/** What the browser tells about this site's storage; a field is missing when it cannot tell. */
export interface StorageInfo {
  usage?: number;
  quota?: number;
  persisted?: boolean;
}

export async function readStorage(): Promise<StorageInfo> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const info: StorageInfo = {};
  try {
    if (storage?.estimate) {
      const { usage, quota } = await storage.estimate();
      if (typeof usage === 'number') info.usage = usage;
      if (typeof quota === 'number' && quota > 0) info.quota = quota;
    }
  } catch {
    // Not told: shown as unknown.
  }
  try {
    if (storage?.persisted) info.persisted = await storage.persisted();
  } catch {
    // Not told: shown as unknown.
  }
  return info;
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** Share of the quota in use from which the device is told it is nearly full. */
export const NEARLY_FULL = 0.9;

/**
 * What is wrong with this device's storage, if anything:
 * - 'full': a write failed because the storage is full;
 * - 'nearly-full': so little is left that the next pick or fill may not be saved;
 * - 'at-risk': the browser may delete the app's data when the device runs low on space, and
 *   changes made here are waiting to be sent (with nothing waiting there is nothing to lose).
 */
export type StorageTrouble = 'full' | 'nearly-full' | 'at-risk' | null;

export function storageTrouble(
  info: StorageInfo | null,
  unsent: number,
  writeFailed: boolean,
): StorageTrouble {
  if (writeFailed) return 'full';
  if (!info) return null;
  const { usage, quota, persisted } = info;
  if (usage !== undefined && quota !== undefined && usage / quota >= NEARLY_FULL) {
    return 'nearly-full';
  }
  if (persisted === false && unsent > 0) return 'at-risk';
  return null;
}

/** A local write failed for want of space (cleared by the next write that is saved). */
export const storageAlarm = createStore<{ writeFailed: boolean }>(() => ({ writeFailed: false }));

/**
 * Ask the browser again to keep the app's data (it may grant it after the app is installed or
 * used more). True when the data is kept now.
 */
export async function askToKeepData(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  try {
    return (await storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
