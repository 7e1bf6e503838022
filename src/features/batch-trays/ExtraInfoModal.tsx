import { Modal, Table, Text } from '@mantine/core';
import { BatchTraysMessages as M, type TrayRow } from '../../../contract/batch-trays';
import { priceText } from './columns';

const yesNo = (v: number) => (v === 1 ? 'yes' : 'no');

/** The tray's extra info: who made and last edited it, its variant's set condition and prices. */
export function ExtraInfoModal({ tray, onClose }: { tray: TrayRow | null; onClose: () => void }) {
  const facts: [string, string][] = tray
    ? [
        ['Creator id', String(tray.creator_user_id ?? '')],
        ['Creation date', tray.date_of_creation],
        ['Last editor id', String(tray.last_edit_user_id ?? '')],
        ['Last edit date', tray.date_of_last_edit ?? ''],
        ['Set condition', tray.completeness ?? ''],
        ['Is public', yesNo(tray.is_public)],
        ['Price in item database (€)', tray.item_price === null ? '' : priceText(tray.item_price)],
        ['Total price (€)', priceText(tray.total_price)],
      ]
    : [];
  return (
    <Modal
      opened={tray !== null}
      onClose={onClose}
      closeOnClickOutside={false}
      title={tray ? `Tray ${tray.tray_nr}` : ''}
    >
      {tray?.item_id === null && (
        <Text c="red" mb="sm">
          {M.itemNotInDatabase}
        </Text>
      )}
      <Table>
        <Table.Tbody>
          {facts.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th>{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
