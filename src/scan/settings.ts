import { useSyncExternalStore } from 'react';

/**
 * The scanner settings of this device, kept in localStorage (they belong to the phone, not to the
 * user): whether a scan beeps and vibrates, and the shortest code a wedge scanner may send (2 by
 * default, so 2-character location codes scan).
 */
export interface ScanSettings {
  /** Sound and vibration on a good and a bad scan. */
  sound: boolean;
  /** Shortest wedge burst taken as a code. */
  minLength: number;
}

export const SCAN_SETTINGS_KEY = 'floor.scan-settings';
export const DEFAULT_SCAN_SETTINGS: ScanSettings = { sound: true, minLength: 2 };
export const MIN_LENGTH_RANGE = { min: 1, max: 20 } as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: ScanSettings | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function clampLength(value: unknown): number {
  const n = Math.round(Number(value));
  if (!Number.isFinite(n)) return DEFAULT_SCAN_SETTINGS.minLength;
  return Math.min(MIN_LENGTH_RANGE.max, Math.max(MIN_LENGTH_RANGE.min, n));
}

/** The settings as stored; anything missing or unreadable is the default. */
export function readScanSettings(): ScanSettings {
  if (cached) return cached;
  let stored: Partial<ScanSettings> = {};
  try {
    const raw = storage()?.getItem(SCAN_SETTINGS_KEY);
    if (raw) stored = JSON.parse(raw) as Partial<ScanSettings>;
  } catch {
    stored = {};
  }
  cached = {
    sound: typeof stored.sound === 'boolean' ? stored.sound : DEFAULT_SCAN_SETTINGS.sound,
    minLength:
      stored.minLength === undefined
        ? DEFAULT_SCAN_SETTINGS.minLength
        : clampLength(stored.minLength),
  };
  return cached;
}

/** Change and keep the settings; every listener (the scan service, the settings menu) hears it. */
export function writeScanSettings(change: Partial<ScanSettings>): ScanSettings {
  const next = { ...readScanSettings(), ...change };
  next.minLength = clampLength(next.minLength);
  cached = next;
  try {
    storage()?.setItem(SCAN_SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage: the setting holds until the page is reloaded.
  }
  for (const listener of listeners) listener();
  return next;
}

export function onScanSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forget the cached copy (tests that change localStorage directly). */
export function reloadScanSettings(): void {
  cached = null;
}

export function useScanSettings(): ScanSettings {
  return useSyncExternalStore(onScanSettings, readScanSettings, readScanSettings);
}
