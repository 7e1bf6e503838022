/**
 * Where the header shows the sync status. The offline engine (src/offline) will provide
 * `<SyncStatus/>`; until then this slot renders nothing.
 */
export function SyncStatusSlot() {
  return null;
}
