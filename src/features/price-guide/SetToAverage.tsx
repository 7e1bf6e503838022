import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  averageChanges,
  type GuideType,
  type LotGuide,
  type PriceChange,
} from '../../../contract/price-guide';
import { notifyError } from '../../ui/notify';
import type { GuideLot } from './usePriceGuides';
import { TableHead } from '../../ui/TableHead';
import { AverageChoice, isValidPercent } from './AverageChoice';

/**
 * Thousandths in `currency` (euro unless given) with 3 decimals, Dutch style (€ 0,150); 'none' for
 * no price.
 */
export const euro = (thousandths: number | null, currency = 'EUR') =>
  thousandths === null
    ? 'none'
    : new Intl.NumberFormat('nl-NL', {
        style: 'currency',
        currency,
        minimumFractionDigits: 3,
        maximumFractionDigits: 3,
      }).format(thousandths / 1000);

/** How many old → new lines the confirmation lists. */
const SHOWN = 10;

export interface PricedLot<K> extends GuideLot<K> {
  label: string;
  /** thousandths; null when the lot has no price */
  price: number | null;
}

interface Props<K> {
  /** The selected lots. */
  lots: PricedLot<K>[];
  /** Loads the guides of lots not loaded yet; answers every guide known, or null when refused. */
  load(lots: GuideLot<K>[]): Promise<Map<K, LotGuide> | null>;
  /** Applies the new prices through the screen's own save; answers whether it did. */
  onApply(changes: PriceChange<K>[]): Promise<boolean> | boolean;
  /** Called when the confirmation opens (a popover holding the button closes then). */
  onConfirming?(): void;
  /** The lots' currency (a batch's), EUR unless given. */
  currency?: string;
}

/**
 * "Set to average ± n %": the selected lots' prices become BrickLink's average (sold in the last 6
 * months, or for sale now) plus or minus n %, after a confirmation that counts what changes and
 * shows old → new. Lots without a guide keep their price.
 */
export function SetToAverage<K>({ lots, load, onApply, onConfirming, currency = 'EUR' }: Props<K>) {
  const [guides, setGuides] = useState<Map<K, LotGuide> | null>(null);
  const [type, setType] = useState<GuideType>('sold');
  const [percent, setPercent] = useState<number>(0);
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState(false);

  async function open() {
    if (lots.length === 0) return notifyError('Select one or more lots first');
    setOpening(true);
    const loaded = await load(lots);
    setOpening(false);
    if (loaded) {
      setGuides(loaded);
      onConfirming?.();
    }
  }

  const plan = useMemo(
    () =>
      averageChanges(
        lots.map((l) => ({
          key: l.key,
          label: l.label,
          price: l.price,
          guide: guides?.get(l.key),
        })),
        type,
        Number.isFinite(percent) ? percent : 0,
      ),
    [lots, guides, type, percent],
  );
  const validPercent = isValidPercent(percent);

  async function apply() {
    setBusy(true);
    try {
      if (await onApply(plan.changes)) setGuides(null);
    } finally {
      setBusy(false);
    }
  }

  const n = plan.changes.length;
  return (
    <>
      <Button size="xs" variant="light" loading={opening} onClick={() => void open()}>
        Set to average ± %
      </Button>
      <Modal
        opened={guides !== null}
        onClose={() => setGuides(null)}
        title="Set the selected lots to the average"
        size="lg"
      >
        <Stack>
          <AverageChoice type={type} onType={setType} percent={percent} onPercent={setPercent} />
          <Text data-testid="average-summary">
            {n} of {lots.length} {lots.length === 1 ? 'lot gets' : 'lots get'} a new price
            {plan.unchanged > 0
              ? `, ${plan.unchanged} already ${plan.unchanged === 1 ? 'has' : 'have'} it`
              : ''}
            {plan.noGuide.length > 0
              ? `, ${plan.noGuide.length} without a price guide ${plan.noGuide.length === 1 ? 'keeps its' : 'keep theirs'}`
              : ''}
            .
          </Text>
          {n > 0 && (
            <Table>
              <TableHead labels={['Lot', 'Old', 'New']} />
              <Table.Tbody>
                {plan.changes.slice(0, SHOWN).map((c) => (
                  <Table.Tr key={String(c.key)} data-testid="average-change">
                    <Table.Td>{c.label}</Table.Td>
                    <Table.Td>{euro(c.old, currency)}</Table.Td>
                    <Table.Td>{euro(c.new, currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {n > SHOWN && <Text size="sm">… and {n - SHOWN} more</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setGuides(null)}>
              Cancel
            </Button>
            <Button disabled={n === 0 || !validPercent} loading={busy} onClick={() => void apply()}>
              Set {n} {n === 1 ? 'price' : 'prices'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
