import { Alert, Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { type GuideType } from '../../../contract/price-guide';
import {
  GUIDE_USABLE_DAYS,
  type AveragePlan,
  type PriceLotsFilter,
} from '../../../contract/price-lots';
import { describeApiError, notifySuccess } from '../../ui/notify';
import { TableHead } from '../../ui/TableHead';
import { AverageChoice, isValidPercent } from './AverageChoice';
import { planAverage, setAverage } from './api';
import { euro } from './SetToAverage';

const plural = (n: number, one: string, more: string) => `${n} ${n === 1 ? one : more}`;

/** Where a set stands: how far it got, and whether it goes on. */
interface Run {
  state: 'running' | 'stopped' | 'failed' | 'done';
  /** Where the next call starts. */
  after: number;
  taken: number;
  changed: number;
  unchanged: number;
  noGuide: number;
  error?: string;
}

interface Props {
  /** What the screen's search and filters find. */
  filter: PriceLotsFilter;
  /** How many lots they find (the button's count). */
  count: number;
  /** Called after prices were set (the screen loads its page again). */
  onDone(): void;
}

/**
 * "Set all found to average ± %": every lot the search finds (not only the page) gets BrickLink's
 * average (sold in the last 6 months, or for sale now) plus or minus n %, from the price guides the
 * server keeps. The confirmation counts what changes and shows the first changes; the server sets
 * them a chunk at a time while a bar shows how far it is, and Stop ends it after the chunk.
 */
export function SetAllToAverage({ filter, count, onDone }: Props) {
  const [opened, setOpened] = useState(false);
  const [type, setType] = useState<GuideType>('sold');
  const [percent, setPercent] = useState<number>(0);
  /** The plan, with the choice it was asked for. */
  const [plan, setPlan] = useState<(AveragePlan & { type: GuideType; percent: number }) | null>(
    null,
  );
  const [planError, setPlanError] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const stopAsked = useRef(false);
  const validPercent = isValidPercent(percent);
  // The plan is asked again once the choice settles, not on every keystroke.
  const [askedType] = useDebouncedValue(type, 250);
  const [askedPercent] = useDebouncedValue(percent, 250);
  const running = run !== null;

  useEffect(() => {
    if (!opened || running || !validPercent) return;
    let current = true;
    setPlan(null);
    setPlanError(null);
    planAverage({ ...filter, set_to: askedType, percent: askedPercent }).then(
      (p) => current && setPlan({ ...p, type: askedType, percent: askedPercent }),
      async (error: unknown) => {
        const text = await describeApiError(error);
        if (current) setPlanError(text);
      },
    );
    return () => {
      current = false;
    };
  }, [opened, running, validPercent, filter, askedType, askedPercent]);

  function close() {
    if (run?.state === 'running') return;
    setOpened(false);
    setPlan(null);
    setPlanError(null);
    setRun(null);
  }

  /** Calls the server chunk after chunk, from `start`, until every lot is taken or Stop. */
  async function go(start: Run) {
    stopAsked.current = false;
    let at: Run = { ...start, state: 'running', error: undefined };
    setRun(at);
    for (;;) {
      try {
        const answer = await setAverage({ ...filter, set_to: type, percent, after_id: at.after });
        at = {
          ...at,
          taken: at.taken + answer.lots,
          changed: at.changed + answer.changes,
          unchanged: at.unchanged + answer.unchanged,
          noGuide: at.noGuide + answer.no_guide,
          after: answer.next_after_id ?? at.after,
        };
        if (answer.next_after_id === null) at = { ...at, state: 'done' };
        else if (stopAsked.current) at = { ...at, state: 'stopped' };
      } catch (error) {
        at = { ...at, state: 'failed', error: await describeApiError(error) };
      }
      setRun(at);
      if (at.state !== 'running') break;
    }
    if (at.changed > 0) {
      notifySuccess(`${plural(at.changed, 'price', 'prices')} set`);
      onDone();
    }
  }

  // While the choice settles, the plan is the one before it: not shown.
  const shownPlan = plan?.type === type && plan.percent === percent ? plan : null;
  const n = shownPlan?.changes ?? 0;
  const total = plan?.lots ?? 0;
  const shown = shownPlan?.sample ?? [];
  return (
    <>
      <Button size="xs" variant="light" disabled={count === 0} onClick={() => setOpened(true)}>
        Set all {count} found to average ± %
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Set every lot found to the average"
        size="lg"
        closeOnClickOutside={run?.state !== 'running'}
        withCloseButton={run?.state !== 'running'}
      >
        {run ? (
          <Stack>
            <Progress
              value={total > 0 ? Math.min(100, (run.taken / total) * 100) : 100}
              aria-label="Prices set"
            />
            <Text data-testid="all-average-progress">
              {run.state === 'running'
                ? `Setting prices: ${run.taken} of ${total} lots`
                : run.state === 'done'
                  ? `Done: ${plural(run.changed, 'price', 'prices')} set`
                  : `Stopped after ${run.taken} of ${total} lots: ${plural(run.changed, 'price', 'prices')} set`}
              {run.state !== 'running' && run.unchanged > 0
                ? `, ${run.unchanged} already had it`
                : ''}
              {run.state !== 'running' && run.noGuide > 0
                ? `, ${run.noGuide} without a price guide kept ${run.noGuide === 1 ? 'its' : 'theirs'}`
                : ''}
              {run.state !== 'running' ? '.' : ''}
            </Text>
            {run.state !== 'running' && run.changed > 0 && (
              <Text size="sm" c="dimmed">
                The new prices wait to be sent to the stores.
              </Text>
            )}
            {run.error && <Alert color="red">{run.error}</Alert>}
            <Group justify="flex-end">
              {run.state === 'running' ? (
                <Button variant="default" onClick={() => (stopAsked.current = true)}>
                  Stop
                </Button>
              ) : (
                <>
                  {run.state !== 'done' && (
                    <Button variant="default" onClick={() => void go(run)}>
                      Go on
                    </Button>
                  )}
                  <Button onClick={close}>Close</Button>
                </>
              )}
            </Group>
          </Stack>
        ) : (
          <Stack>
            <AverageChoice type={type} onType={setType} percent={percent} onPercent={setPercent} />
            <Text size="sm" c="dimmed">
              Every lot the search finds, on every page. Uses the price guides read from BrickLink
              in the last {GUIDE_USABLE_DAYS} days (Show price guide reads a page&apos;s guides).
            </Text>
            {planError ? (
              <Alert color="red">{planError}</Alert>
            ) : shownPlan ? (
              <Text data-testid="all-average-summary">
                {n} of {total} {total === 1 ? 'lot gets' : 'lots get'} a new price
                {shownPlan.unchanged > 0
                  ? `, ${shownPlan.unchanged} already ${shownPlan.unchanged === 1 ? 'has' : 'have'} it`
                  : ''}
                {shownPlan.no_guide > 0
                  ? `, ${shownPlan.no_guide} without a price guide ${shownPlan.no_guide === 1 ? 'keeps its' : 'keep theirs'}`
                  : ''}
                .
              </Text>
            ) : (
              <Text c="dimmed">Counting the lots…</Text>
            )}
            {shown.length > 0 && (
              <Table>
                <TableHead labels={['Lot', 'Old', 'New']} />
                <Table.Tbody>
                  {shown.map((c) => (
                    <Table.Tr key={c.id} data-testid="all-average-change">
                      <Table.Td>{c.label}</Table.Td>
                      <Table.Td>{euro(c.old, c.currency)}</Table.Td>
                      <Table.Td>{euro(c.new, c.currency)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {n > shown.length && <Text size="sm">… and {n - shown.length} more</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                disabled={!shownPlan || n === 0 || !validPercent}
                onClick={() =>
                  void go({
                    state: 'running',
                    after: 0,
                    taken: 0,
                    changed: 0,
                    unchanged: 0,
                    noGuide: 0,
                  })
                }
              >
                Set {n} {n === 1 ? 'price' : 'prices'}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
