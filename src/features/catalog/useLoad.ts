import { useLoad as useLoadShowing, type Load } from '../../ui/useLoad';
import { showCatalogError } from './errors';

export type { Load };

/**
 * Loads with `load` (keep its identity with useCallback) again whenever it changes, when the
 * network comes back and on reload(). A failed answer is told with the catalog's error text.
 */
export function useLoad<T>(load: () => Promise<T>) {
  return useLoadShowing(load, showCatalogError);
}
