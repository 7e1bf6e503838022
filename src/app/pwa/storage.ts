/**
 * Asks the browser to keep this site's storage (outbox, local orders, catalog) under storage
 * pressure. Called by the shell after login; true when storage is (now) persistent.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return false;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
