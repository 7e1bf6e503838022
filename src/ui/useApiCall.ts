import { useCallback, useState } from 'react';
import { showApiError } from './notify';

/**
 * A server call the user starts (a button, a form): `busy` while it runs, and a refusal or a lost
 * connection told as showApiError tells it. Answers [busy, whileBusy]: whileBusy(call) runs one.
 */
export function useApiCall(): [boolean, (call: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const whileBusy = useCallback(async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      await showApiError(error);
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, whileBusy];
}
