import { useCallback, useState } from 'react';
import { showApiError } from './notify';

/**
 * A server call the user starts (a button, a form): `busy` while it runs, and a refusal or a lost
 * connection told with `showError` (showApiError unless a screen tells its errors its own way; a
 * module's function, so it keeps its identity). Answers [busy, whileBusy]: whileBusy(call) runs one.
 */
export function useApiCall(
  showError: (error: unknown) => Promise<void> = showApiError,
): [boolean, (call: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const whileBusy = useCallback(
    async (call: () => Promise<void>) => {
      setBusy(true);
      try {
        await call();
      } catch (error) {
        await showError(error);
      } finally {
        setBusy(false);
      }
    },
    [showError],
  );
  return [busy, whileBusy];
}
