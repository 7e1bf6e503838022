import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { UnknownLotMessages as M, type UnknownLotRow } from '../../../contract/unknown-lots';
import { moneyFromThousandths } from '../../ui/format';
import { notifySuccess, showApiError } from '../../ui/notify';
import { FetchedTable, useFetchedList } from './FetchedTable';
import { adoptUnknownLot, fetchUnknownLots, removeUnknownLot } from './unknownLotsApi';
import { when } from './when';

/**
 * Lots the stock checks found on the stores that the warehouse does not know. Each can be adopted
 * (it becomes one of the warehouse's lots, kept by later syncs) or removed from its store, after a
 * confirmation (the store's stock sync deletes it).
 */
export function UnknownLots() {
  const [lots, setLots] = useFetchedList(fetchUnknownLots);

  async function adopt(lot: UnknownLotRow) {
    try {
      const done = await adoptUnknownLot(lot.id);
      setLots((list) => list && list.filter((l) => l.id !== lot.id));
      notifySuccess(
        done.in_warehouse > 0
          ? M.adoptedHeld(done.lot_id, done.in_warehouse)
          : M.adoptedElsewhere(done.lot_id),
      );
    } catch (error) {
      await showApiError(error);
    }
  }

  async function remove(lot: UnknownLotRow) {
    try {
      const { lot: removing } = await removeUnknownLot(lot.id);
      setLots((list) => list && list.map((l) => (l.id === lot.id ? removing : l)));
      notifySuccess(M.removing(lot.lot_id));
    } catch (error) {
      await showApiError(error);
    }
  }

  function confirmRemove(lot: UnknownLotRow) {
    modals.openConfirmModal({
      title: M.removeTitle,
      children: (
        <Text size="sm">
          {M.removeQuestion(lot.lot_id, lot.words, lot.quantity, lot.store_name)}
        </Text>
      ),
      labels: { confirm: 'Remove from the store', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(lot),
    });
  }

  return (
    <Stack>
      <Title order={3}>{M.title}</Title>
      <FetchedTable
        list={lots}
        empty={M.empty}
        labels={['Store', 'Lot', 'Item', 'Quantity', 'Price', 'In the warehouse', 'Found', '']}
        row={(lot) => (
          <Table.Tr key={lot.id} aria-label={`Lot ${lot.lot_id}`}>
            <Table.Td>{lot.store_name}</Table.Td>
            <Table.Td>{lot.lot_id}</Table.Td>
            <Table.Td>
              <Text size="sm">{lot.words}</Text>
              {lot.error && (
                <Text size="sm" c="red">
                  {lot.error}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{lot.quantity}</Table.Td>
            <Table.Td>{moneyFromThousandths(lot.price, lot.currency)}</Table.Td>
            <Table.Td>{lot.item_id === null ? 'No such item' : lot.in_warehouse}</Table.Td>
            <Table.Td>{when(lot.found_at)}</Table.Td>
            <Table.Td>
              {lot.status === 'removing' ? (
                <Badge color="gray">Being removed</Badge>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" onClick={() => void adopt(lot)}>
                    Adopt
                  </Button>
                  <Button size="xs" color="red" variant="light" onClick={() => confirmRemove(lot)}>
                    Remove from the store
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
