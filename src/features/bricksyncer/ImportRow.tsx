import { ActionIcon, Group, NumberInput, Select, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  SYNC_COMPLETENESS,
  SYNC_CONDITIONS,
  type ConvertedLot,
  type NewBatchItem,
  type SyncCompleteness,
  type SyncCondition,
} from '../../../contract/sync-batches';
import { currencySymbol, moneyFromThousandths } from '../../ui/format';
import { toThousandths } from './api';

export interface ImportLine {
  key: number;
  item: NewBatchItem;
  found: ConvertedLot;
}

interface Props {
  line: ImportLine;
  index: number;
  /** The file's currency (ISO code): its prices are in it. */
  currency: string;
  onApply: (item: NewBatchItem) => void;
  onRemove: () => void;
}

/**
 * What BrickStore keeps of a lot beyond price and notes, in one line: bulk, sale, tiers (their
 * prices in `currency`), stockroom, retain.
 */
export function lotDetails(
  item: Pick<NewBatchItem, 'bulk' | 'sale' | 'tiers' | 'stockroom' | 'retain'>,
  currency: string,
): string {
  const euro = (price: number) => moneyFromThousandths(price, currency);
  const parts: string[] = [];
  if (item.bulk !== 1) parts.push(`Bulk ${item.bulk}`);
  if (item.sale !== 0) parts.push(`Sale ${item.sale} %`);
  if (item.tiers.length > 0) {
    parts.push(`Tiers ${item.tiers.map((t) => `${t.quantity}+ ${euro(t.price)}`).join(', ')}`);
  }
  if (item.stockroom) parts.push(`Stockroom ${item.stockroom}`);
  if (item.retain) parts.push('Retain');
  return parts.join(' · ');
}

/** One lot of the confirm step: shown, or edited (Edit) and applied with the check button. */
export function ImportRow({ line, index, currency, onApply, onRemove }: Props) {
  const { item, found } = line;
  const [draft, setDraft] = useState<NewBatchItem | null>(null);
  const name = found.found ? found.mold_name : 'Not in the catalog';
  const lockedNew = item.bsx_condition === 'N';
  const label = `row ${index + 1}`;
  const cells = draft ? (
    <>
      <Table.Td>
        <Select
          aria-label={`Condition of ${label}`}
          data={[...SYNC_CONDITIONS]}
          value={draft.condition}
          disabled={lockedNew}
          onChange={(v) => setDraft({ ...draft, condition: v as SyncCondition | null })}
        />
      </Table.Td>
      <Table.Td>
        {item.item_type_id === 'S' ? (
          <Select
            aria-label={`Completeness of ${label}`}
            data={[...SYNC_COMPLETENESS]}
            value={draft.completeness}
            onChange={(v) => setDraft({ ...draft, completeness: v as SyncCompleteness | null })}
          />
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Quantity of ${label}`}
          value={draft.quantity}
          min={0}
          onChange={(v) => setDraft({ ...draft, quantity: typeof v === 'number' ? v : 0 })}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Price of ${label}`}
          value={draft.price === null ? '' : draft.price / 1000}
          min={0}
          decimalScale={3}
          decimalSeparator=","
          prefix={`${currencySymbol(currency)} `}
          onChange={(v) => setDraft({ ...draft, price: toThousandths(v) })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`Public note of ${label}`}
          value={draft.note_public}
          onChange={(e) => setDraft({ ...draft, note_public: e.currentTarget.value })}
        />
        <TextInput
          aria-label={`Private note of ${label}`}
          value={draft.note_private}
          onChange={(e) => setDraft({ ...draft, note_private: e.currentTarget.value })}
        />
      </Table.Td>
    </>
  ) : (
    <>
      <Table.Td>{item.condition ?? '—'}</Table.Td>
      <Table.Td>{item.item_type_id === 'S' ? (item.completeness ?? '—') : '—'}</Table.Td>
      <Table.Td>{item.quantity}</Table.Td>
      <Table.Td>{item.price === null ? '—' : moneyFromThousandths(item.price, currency)}</Table.Td>
      <Table.Td>
        {item.note_public}
        {item.note_private && <div>{item.note_private}</div>}
      </Table.Td>
    </>
  );
  return (
    <Table.Tr data-testid="import-row">
      <Table.Td>{item.bl_item_id}</Table.Td>
      <Table.Td c={found.found ? undefined : 'red'}>{name}</Table.Td>
      <Table.Td>{found.colour_name ?? item.colour_name ?? ''}</Table.Td>
      {cells}
      <Table.Td>{lotDetails(item, currency)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {draft ? (
            <ActionIcon
              aria-label={`Apply ${label}`}
              color="teal"
              onClick={() => {
                onApply(draft);
                setDraft(null);
              }}
            >
              ✓
            </ActionIcon>
          ) : (
            <ActionIcon
              aria-label={`Edit ${label}`}
              variant="default"
              onClick={() => setDraft(item)}
            >
              ✎
            </ActionIcon>
          )}
          <ActionIcon aria-label={`Remove ${label}`} color="red" variant="light" onClick={onRemove}>
            ✕
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
