import { Pagination, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { InventoryMessages, type InventoryResponse } from '../../../contract/inventory';
import { showApiError } from '../../ui/notify';
import { fetchConditions, fetchInventoryPage } from './api';
import { BsxExport } from './BsxExport';
import { InventoryTable } from './InventoryTable';
import { useBsxExport } from './useBsxExport';
import { LoadingLine } from '../../ui/LoadingLine';

/** Rows per table page: the table is paged on the server, so 100,000 lots never render at once. */
export const INVENTORY_PAGE_SIZE = 50;

/** Inventory (docs/inventory.md): every item with stock, and the BSX export below it. */
export default function InventoryPage() {
  const [page, setPage] = useState(1);
  const [inventory, setInventory] = useState<InventoryResponse | null>(null);
  const bsx = useBsxExport();
  const { setConditions } = bsx;

  useEffect(() => {
    let live = true;
    fetchInventoryPage(page, INVENTORY_PAGE_SIZE)
      .then((answer) => live && setInventory(answer))
      .catch((error: unknown) => live && void showApiError(error));
    return () => {
      live = false;
    };
  }, [page]);

  const loaded = inventory !== null;
  useEffect(() => {
    if (!loaded) return;
    let live = true;
    fetchConditions()
      .then((conditions) => live && setConditions(conditions))
      .catch((error: unknown) => live && void showApiError(error));
    return () => {
      live = false;
    };
  }, [loaded, setConditions]);

  const pages = inventory ? Math.max(1, Math.ceil(inventory.count / INVENTORY_PAGE_SIZE)) : 1;
  return (
    <Stack gap="md">
      <Title order={2}>Inventory</Title>
      {inventory === null ? (
        <LoadingLine what="inventory" />
      ) : inventory.count === 0 ? (
        <Text>{InventoryMessages.empty}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {inventory.count.toLocaleString('nl-NL')} items
          </Text>
          <InventoryTable items={inventory.results} />
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} siblings={2} />}
          <BsxExport state={bsx.state} onChoose={bsx.choose} onConvert={bsx.convert} />
        </>
      )}
    </Stack>
  );
}
