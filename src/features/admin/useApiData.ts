import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { showApiError } from '../../ui/notify';

export interface ApiData<T> {
  data: T | null;
  setData: (update: (current: T) => T) => void;
  loading: boolean;
  failed: boolean;
  reload: () => Promise<void>;
}

/** Loads one GET path of the API; a failure is shown with the general error text (showApiError). */
export function useApiData<T>(path: string): ApiData<T> {
  const [data, setState] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setState(await api.get(path).json<T>());
      setFailed(false);
    } catch (error) {
      setFailed(true);
      await showApiError(error);
    } finally {
      setLoading(false);
    }
  }, [path]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setData = useCallback((update: (current: T) => T) => {
    setState((current) => (current === null ? current : update(current)));
  }, []);

  return { data, setData, loading, failed, reload };
}
