import { Button, Popover, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { TrayRow } from '../../../contract/batch-trays';
import type { PriceChange } from '../../../contract/price-guide';
import { useSession } from '../../app/session';
import { notifyError } from '../../ui/notify';
import { DEFAULT_CURRENCY } from '../../../contract/fields';
import { PriceGuideCell, SetToAverage, usePriceGuides, type PricedLot } from '../price-guide';
import type { Draft } from './grid-model';

interface Props {
  /** The selected trays, in the grid's order. */
  rows: TrayRow[];
  draftFor(row: TrayRow): Draft;
  /** New prices (euro) for trays, made as typed edits (saved like any other). */
  onPrices(prices: { row: TrayRow; price: number }[]): Promise<boolean> | boolean;
}

/**
 * BrickLink's price guide of the selected trays (their mould, colour and condition), beside their
 * price in a popover, with Set to average ± %. For people who may use the marketplaces only. The
 * popover closes when Set to average's confirmation opens, so it never lies over the confirmation's
 * Old and New columns; it stays mounted (hidden), and with it the confirmation.
 */
export function TrayPriceGuide({ rows, draftFor, onPrices }: Props) {
  const mayPrice = useSession((s) => s.flags.bricksyncer);
  // Tray prices are the warehouse's own, in euro: the guide is asked in euro, whatever currency
  // the stores sell in.
  const guides = usePriceGuides<number>(DEFAULT_CURRENCY);
  const [opened, setOpened] = useState(false);
  if (!mayPrice) return null;

  const lots: PricedLot<number>[] = rows.flatMap((row) => {
    const d = draftFor(row);
    if (d.mold_id === null || d.colour_id === null || d.condition === null) return [];
    return [
      {
        key: row.tray_id,
        lot: { mold_id: d.mold_id, colour_id: d.colour_id, condition: d.condition },
        label: `Tray ${row.tray_nr}: ${row.mold_name ?? d.mold_id} ${row.colour_name ?? ''}`.trim(),
        price: Math.round(d.price * 1000),
      },
    ];
  });

  async function open() {
    if (lots.length === 0) return notifyError('Select one or more trays with an item first');
    setOpened(true);
    await guides.load(lots);
  }

  function apply(changes: PriceChange<number>[]) {
    const byId = new Map(rows.map((r) => [r.tray_id, r]));
    return onPrices(changes.map((c) => ({ row: byId.get(c.key)!, price: c.new / 1000 })));
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={560}
      position="bottom-start"
      withArrow
      keepMounted
    >
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          loading={guides.loading}
          onClick={() => (opened ? setOpened(false) : void open())}
        >
          Price guide
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {opened && (
            <ScrollArea.Autosize mah={320}>
              <Table>
                <Table.Tbody>
                  {lots.map((l) => (
                    <Table.Tr key={l.key}>
                      <Table.Td>
                        <Text size="sm">{l.label}</Text>
                      </Table.Td>
                      <Table.Td>€ {((l.price ?? 0) / 1000).toFixed(3).replace('.', ',')}</Table.Td>
                      <Table.Td>
                        <PriceGuideCell guide={guides.guides.get(l.key)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          <SetToAverage
            lots={lots}
            load={guides.load}
            onApply={apply}
            onConfirming={() => setOpened(false)}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
