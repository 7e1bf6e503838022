import { Checkbox, Group, Image, NumberInput, Table, Text } from '@mantine/core';
import type { LotGuide } from '../../../contract/price-guide';
import type { SyncBatchItem } from '../../../contract/sync-batches';
import { currencySymbol } from '../../ui/format';
import { PriceGuideCell } from '../price-guide';
import { toThousandths } from './api';
import { lotDetails } from './ImportRow';

interface Props {
  item: SyncBatchItem;
  /** thousandths; null while the field is empty */
  price: number | null;
  onPrice: (thousandths: number | null) => void;
  selected: boolean;
  onSelect: (on: boolean) => void;
  /** BrickLink's price guide, once shown */
  guide: LotGuide | undefined;
  /** The batch's currency (ISO code): its prices are in it. */
  currency: string;
}

/**
 * One batch item with what it carries on the marketplaces besides price and notes (bulk, sale,
 * tiers, stockroom, retain), its editable price (in the batch's currency, up to 3 decimals,
 * Dutch decimal comma) and, once shown, BrickLink's price guide beside it.
 */
export function BatchItemRow({ item, price, onPrice, selected, onSelect, guide, currency }: Props) {
  const label = `${item.mold_name} ${item.colour_name}`;
  return (
    <Table.Tr data-testid="batch-item">
      <Table.Td>
        <Checkbox
          aria-label={`Select ${label}`}
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>{item.url && <Image src={item.url} alt="" w={40} h={40} fit="contain" />}</Table.Td>
      <Table.Td>
        <Text size="sm">{item.mold_name}</Text>
        <Text size="xs" c="dimmed">
          {[item.bl_item_id, item.type_name, item.category_name, item.theme_name]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {item.colour_hex && (
            <span
              style={{ width: 12, height: 12, background: `#${item.colour_hex}`, borderRadius: 2 }}
            />
          )}
          {item.colour_name}
        </Group>
      </Table.Td>
      <Table.Td>
        {item.condition}
        {item.completeness ? ` · ${item.completeness}` : ''}
      </Table.Td>
      <Table.Td>{item.quantity}</Table.Td>
      <Table.Td>
        <Text size="xs">{item.note_public}</Text>
        <Text size="xs" c="dimmed">
          {item.note_private}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" data-testid="lot-details">
          {lotDetails(item, currency)}
        </Text>
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Price of ${label}`}
          value={price === null ? '' : price / 1000}
          min={0}
          decimalScale={3}
          decimalSeparator=","
          prefix={`${currencySymbol(currency)} `}
          w={130}
          onChange={(v) => onPrice(toThousandths(v))}
        />
      </Table.Td>
      <Table.Td>
        <PriceGuideCell guide={guide} />
      </Table.Td>
    </Table.Tr>
  );
}
