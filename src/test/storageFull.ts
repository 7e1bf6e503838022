import { getDb } from '../offline';

/**
 * Every write that adds an outbox entry fails the way a full disk makes IndexedDB fail (or with
 * the error `name`); the answer lets writes succeed again.
 */
export function storageFull(name = 'QuotaExceededError'): () => void {
  const table = getDb().outbox;
  const fail = () => {
    throw new DOMException('The quota has been exceeded.', name);
  };
  table.hook('creating', fail);
  return () => table.hook('creating').unsubscribe(fail);
}
