import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { StoreMessages, type StoreResource } from '../../../contract/bricksyncer';
import { notifyError, showApiError } from '../../ui/notify';
import { fetchStore, isNotFound } from './api';

/** The store of the route's storeId: undefined while loading, null when it is not there. */
export function useStore(): { storeId: string; store: StoreResource | null | undefined } {
  const { storeId = '' } = useParams();
  const [store, setStore] = useState<StoreResource | null | undefined>(undefined);
  useEffect(() => {
    fetchStore(storeId).then(setStore, (error: unknown) => {
      setStore(null);
      if (isNotFound(error)) notifyError(StoreMessages.notFound);
      else void showApiError(error);
    });
  }, [storeId]);
  return { storeId, store };
}
