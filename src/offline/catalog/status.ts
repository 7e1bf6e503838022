import { createStore } from 'zustand/vanilla';

/**
 * The catalog sync's state, for the status line: `syncing` with n of m chunks, `ready` with the
 * time the device last had the whole catalog, `error` when a sync stopped (it resumes later).
 */
export interface CatalogStatusState {
  phase: 'idle' | 'syncing' | 'ready' | 'error';
  done: number;
  total: number;
  /** ISO time the device last held the whole catalog (from the meta record). */
  syncedAt: string | null;
  error: string | null;
  /** Bumped whenever the stored chunks change, so readers rebuild their view. */
  generation: number;
}

export const catalogStatus = createStore<CatalogStatusState>(() => ({
  phase: 'idle',
  done: 0,
  total: 0,
  syncedAt: null,
  error: null,
  generation: 0,
}));
