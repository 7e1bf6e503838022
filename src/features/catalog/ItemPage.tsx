import { Stack } from '@mantine/core';
import { useCallback, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { CatalogItem } from '../../../contract/catalog';
import { itemByKey } from './api';
import { BackToCatalog } from './ItemHeader';
import { LoadState } from './LoadState';
import { useLoad } from './useLoad';

/** A screen of the item the address names (by number or uuid), below the way back to the catalog. */
export function ItemPage({ children }: { children: (item: CatalogItem) => ReactNode }) {
  const { id = '' } = useParams();
  const load = useCallback(() => itemByKey(id), [id]);
  const { result, reload } = useLoad(load);
  return (
    <Stack gap="md">
      <BackToCatalog />
      <LoadState result={result} label="Loading the item" reload={reload}>
        {(page) => children(page.results[0])}
      </LoadState>
    </Stack>
  );
}
