import { useEffect, useState } from 'react';
import { isUnreachable } from '../api/errors';

export type Load<T> =
  { state: 'loading' } | { state: 'offline' } | { state: 'failed' } | { state: 'loaded'; data: T };

/**
 * Loads with `load` (keep its identity with useCallback) again whenever it changes, when the
 * network comes back and on reload(). No answer at all is 'offline'; an error answer is 'failed'
 * and told to the user with `showError` (a function that keeps its identity too, e.g. one declared
 * at module level: a new one on every render would load again on every render).
 */
export function useLoad<T>(load: () => Promise<T>, showError: (error: unknown) => Promise<void>) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setResult({ state: 'loading' });
    load().then(
      (data) => live && setResult({ state: 'loaded', data }),
      async (error: unknown) => {
        if (!live) return;
        if (isUnreachable(error)) return setResult({ state: 'offline' });
        setResult({ state: 'failed' });
        await showError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [load, attempt, showError]);
  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  return { result, reload: () => setAttempt((n) => n + 1) };
}
