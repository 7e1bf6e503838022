import { Table, Text } from '@mantine/core';
import { StoredTrays, type BackupRow, type StoredTray } from '../../../contract/batches';
import { CONDITIONS } from '../../../contract/projects';
import {
  colourName,
  eurosFromThousandths,
  itemLabel,
  localDateTime,
  personName,
  yesNo,
} from '../../ui/format';
import { TableHead } from '../../ui/TableHead';

/** The stored trays, or null when the data cannot be read. */
export function storedTrays(json: string): StoredTray[] | null {
  try {
    const parsed = StoredTrays.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const condition = (c: StoredTray['condition']) =>
  c ? ((CONDITIONS as Record<string, string>)[c] ?? c) : '–';

/**
 * A backup's stored trays as a table people read: tray number, item (number and name), mould,
 * colour and condition by name, quantity, price and worth in euros (stored in thousandths),
 * status, accepted, comments, and who last edited it when.
 */
export function BackupTrays({ backup }: { backup: BackupRow }) {
  const trays = storedTrays(backup.json);
  if (trays === null) return <Text size="sm">This backup&apos;s data cannot be read</Text>;
  if (trays.length === 0) return <Text size="sm">This backup holds no trays</Text>;
  const { names } = backup;
  const name = (list: Record<string, string>, id: number | null | undefined) =>
    id === null || id === undefined ? null : (list[id] ?? null);
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped withTableBorder aria-label={`trays of backup ${backup.backup_id}`}>
        <TableHead
          labels={[
            'Tray',
            'Item',
            'Mould',
            'Colour',
            'Condition',
            'Quantity',
            'Price',
            'Worth',
            'Status',
            'Accepted',
            'Comments',
            'Last edit',
          ]}
        />
        <Table.Tbody>
          {trays.map((t) => (
            <Table.Tr key={t.tray_nr}>
              <Table.Td>{t.tray_nr}</Table.Td>
              <Table.Td>{t.item_id ? itemLabel(names.items[t.item_id]) : 'no item yet'}</Table.Td>
              <Table.Td>{name(names.moulds, t.mold_id) ?? '–'}</Table.Td>
              <Table.Td>
                {t.colour_id ? colourName(name(names.colours, t.colour_id)) : '–'}
              </Table.Td>
              <Table.Td>{condition(t.condition)}</Table.Td>
              <Table.Td>{t.quantity.toLocaleString('en-US')}</Table.Td>
              <Table.Td>{eurosFromThousandths(t.price)}</Table.Td>
              <Table.Td>{eurosFromThousandths(t.price * t.quantity)}</Table.Td>
              <Table.Td>{t.status}</Table.Td>
              <Table.Td>{yesNo(t.accepted)}</Table.Td>
              <Table.Td>{t.comments || ''}</Table.Td>
              <Table.Td>
                {t.date_of_last_edit
                  ? `${localDateTime(t.date_of_last_edit)} by ${personName(name(names.users, t.last_edit_user_id))}`
                  : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
