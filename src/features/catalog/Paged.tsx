import { Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { CATALOG_PAGE_SIZE } from '../../../contract/catalog';
import { Pager } from './Pager';

/** A list the item screens already hold, shown 25 at a time with 5 page links. */
export function Paged<T>({ items, children }: { items: T[]; children: (page: T[]) => ReactNode }) {
  const [page, setPage] = useState(0);
  const shown = items.slice(page * CATALOG_PAGE_SIZE, (page + 1) * CATALOG_PAGE_SIZE);
  return (
    <Stack gap="sm">
      {children(shown)}
      <Pager page={page} count={items.length} size={CATALOG_PAGE_SIZE} onChange={setPage} />
    </Stack>
  );
}
