import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  averageChanges,
  GUIDE_LABELS,
  GUIDE_TYPES,
  PERCENT_MAX,
  PERCENT_MIN,
  type GuideType,
  type LotGuide,
  type PriceChange,
} from '../../../contract/price-guide';
import { notifyError } from '../../ui/notify';
import type { GuideLot } from './usePriceGuides';
import { TableHead } from '../../ui/TableHead';

const euro = (thousandths: number | null) =>
  thousandths === null
    ? 'none'
    : new Intl.NumberFormat('nl-NL', {
        style: 'currency',
        currency: 'EUR',
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
}

/**
 * "Set to average ± n %": the selected lots' prices become BrickLink's average (sold in the last 6
 * months, or for sale now) plus or minus n %, after a confirmation that counts what changes and
 * shows old → new. Lots without a guide keep their price.
 */
export function SetToAverage<K>({ lots, load, onApply }: Props<K>) {
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
    if (loaded) setGuides(loaded);
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
  const validPercent = Number.isFinite(percent) && percent >= PERCENT_MIN && percent <= PERCENT_MAX;

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
          <SegmentedControl
            value={type}
            onChange={(v) => setType(v as GuideType)}
            data={GUIDE_TYPES.map((g) => ({ value: g, label: GUIDE_LABELS[g] }))}
          />
          <NumberInput
            label="Average plus or minus (%)"
            value={percent}
            onChange={(v) => setPercent(typeof v === 'number' ? v : Number(v))}
            min={PERCENT_MIN}
            max={PERCENT_MAX}
            allowDecimal={false}
            error={validPercent ? null : `From ${PERCENT_MIN} to ${PERCENT_MAX} %`}
          />
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
                    <Table.Td>{euro(c.old)}</Table.Td>
                    <Table.Td>{euro(c.new)}</Table.Td>
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
