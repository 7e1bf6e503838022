import { Badge, Button, Checkbox, Group, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  checkStoreItem,
  type StoreItemRow as Row,
  type StoreItemUpdate,
} from '../../../contract/bricksyncer';
import type { LotGuide } from '../../../contract/price-guide';
import { notifyError } from '../../ui/notify';
import { PriceGuideCell } from '../price-guide';
import { moneyFromThousandths } from '../../ui/format';
import { saveStoreItem } from './api';
import { useApiCall } from '../../ui/useApiCall';

/** Euro as typed (comma or dot) to thousandths; NaN when it is not a number. */
function thousandths(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' ? NaN : Math.round(Number(t) * 1000);
}

const editable = (row: Row) => ({
  price: String(row.store_price / 1000).replace('.', ','),
  quantity: String(row.store_quantity),
  tier: row.tier_price ?? '',
  bulk: row.bulk_size === null ? '' : String(row.bulk_size),
  notePublic: row.note_public,
  notePrivate: row.note_private,
});

/** The row as it is, with another price: what Save sends. */
export function updateWithPrice(row: Row, storePrice: number): StoreItemUpdate {
  return {
    id: row.id,
    item_id: row.item_id,
    store_price: storePrice,
    store_quantity: String(row.store_quantity),
    tier_price: row.tier_price ?? '',
    bulk_size: row.bulk_size === null ? '' : String(row.bulk_size),
    note_public: row.note_public,
    note_private: row.note_private,
  };
}

interface LineProps {
  /** With its BrickLink item number when the list has it. */
  row: Row & { bl_item_no?: string | null };
  saved(row: Row): void;
  selected: boolean;
  onSelect(on: boolean): void;
  guide: LotGuide | undefined;
}

/**
 * One item on sale; Edit turns its cells into fields, Save checks and sends them. A change the
 * store has not been sent yet shows 'Not sent yet'.
 */
export function StoreItemLine({ row, saved, selected, onSelect, guide }: LineProps) {
  const [form, setForm] = useState<ReturnType<typeof editable> | null>(null);
  const [busy, whileBusy] = useApiCall();
  const field = (key: keyof ReturnType<typeof editable>, label: string, w = 90) => (
    <TextInput
      aria-label={label}
      w={w}
      size="xs"
      value={form?.[key] ?? ''}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setForm((f) => f && { ...f, [key]: value });
      }}
    />
  );

  async function save() {
    if (!form) return;
    const update: StoreItemUpdate = {
      id: row.id,
      item_id: row.item_id,
      store_price: thousandths(form.price),
      store_quantity: form.quantity,
      tier_price: form.tier,
      bulk_size: form.bulk,
      note_public: form.notePublic,
      note_private: form.notePrivate,
    };
    const checked = checkStoreItem(update, row.quantity, row.store_quantity);
    if (!checked.ok) {
      notifyError(checked.problems.join('\n'));
      return;
    }
    await whileBusy(async () => {
      saved(await saveStoreItem(update));
      setForm(null);
    });
  }

  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${row.mold_name} ${row.colour_name} on ${row.store_name}`}
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        {row.mold_name}
        <br />
        {row.bl_item_no ? `${row.bl_item_no} · ` : ''}
        {row.colour_name} · {row.condition}
      </Table.Td>
      <Table.Td>
        {row.store_name}
        {row.waiting && (
          <Badge color="yellow" size="sm" display="block" mt={4}>
            Not sent yet
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {form ? field('price', 'Price') : moneyFromThousandths(row.store_price, row.currency)}
      </Table.Td>
      <Table.Td>
        <PriceGuideCell guide={guide} />
      </Table.Td>
      <Table.Td>{form ? field('tier', 'Tier price', 180) : (row.tier_price ?? '')}</Table.Td>
      <Table.Td>{form ? field('bulk', 'Bulk', 60) : (row.bulk_size ?? '')}</Table.Td>
      <Table.Td>
        {form ? field('quantity', 'Quantity', 60) : row.store_quantity} / {row.quantity}
      </Table.Td>
      <Table.Td>{form ? field('notePublic', 'Public note', 140) : row.note_public}</Table.Td>
      <Table.Td>{form ? field('notePrivate', 'Private note', 140) : row.note_private}</Table.Td>
      <Table.Td>
        {form ? (
          <Group gap={4} wrap="nowrap">
            <Button size="xs" loading={busy} onClick={() => void save()}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={() => setForm(null)}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Button size="xs" variant="light" onClick={() => setForm(editable(row))}>
            Edit
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
