import { Stack } from '@mantine/core';
import { useCallback, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { CatalogItem } from '../../../contract/catalog';
import { itemByKey, type Page } from './api';
import { BackToCatalog } from './ItemHeader';
import { LoadState } from './LoadState';
import { useLoad } from './useLoad';

interface Props {
  children: (item: CatalogItem) => ReactNode;
  /** Looks the address's key up (a module-level function); by number or uuid unless told. */
  find?: (key: string) => Promise<Page<CatalogItem>>;
  /** What the loader says while it loads. */
  label?: string;
}

/** A screen of the item the address names, below the way back to the catalog. */
export function ItemPage({ children, find = itemByKey, label = 'Loading the item' }: Props) {
  const { id = '' } = useParams();
  const load = useCallback(() => find(id), [find, id]);
  const { result, reload } = useLoad(load);
  return (
    <Stack gap="md">
      <BackToCatalog />
      <LoadState result={result} label={label} reload={reload}>
        {(page) => children(page.results[0])}
      </LoadState>
    </Stack>
  );
}
