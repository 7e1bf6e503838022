import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { TrayList, TrayRow } from '../../../contract/batch-trays';
import { UNDO_MINUTES } from '../../../contract/batches';
import { api as http } from '../../api/client';
import { NOTICE_PLACEMENT, notifySuccess, showApiError } from '../../ui/notify';
import * as api from './api';
import { priceText } from './columns';
import { TableHead } from '../../ui/TableHead';

/** The confirmation a destructive action asks, the wording of the product's confirmations. */
export const ARE_YOU_SURE = 'Are you sure you want to do that?';
/** Trays named one by one in a confirmation; more are counted. */
const NAMED = 20;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export type Destructive = 'delete' | 'updateprices';

/** "trays 3, 4 and 9" (the first few numbers, then how many more). */
export function trayNumbers(rows: readonly TrayRow[]): string {
  const nrs = rows.map((r) => r.tray_nr).sort((a, b) => a - b);
  const shown = nrs.slice(0, NAMED).join(', ');
  const more = nrs.length > NAMED ? ` and ${nrs.length - NAMED} more` : '';
  return `${nrs.length === 1 ? 'tray' : 'trays'} ${shown}${more}`;
}

/** What a split moves, said in the split modal. */
export function splitDetail(rows: readonly TrayRow[], pending: ReadonlyMap<number, unknown>) {
  if (rows.length === 0) return '';
  const edited = rows.filter((r) => pending.has(r.tray_id)).length;
  const verb = rows.length === 1 ? 'moves' : 'move';
  return `${capital(trayNumbers(rows))} ${verb} out of this batch into the new batch${
    edited
      ? `; ${plural(edited, 'of them has edits', 'of them have edits')} not accepted yet, which are dropped`
      : ''
  }.`;
}

/** A price update of one tray: the saved price and the variant's. */
export interface PriceChange {
  row: TrayRow;
  from: number;
  to: number;
}

/**
 * What Update prices would do to `rows`: each tray with a variant takes the variant's price, so
 * trays whose price differs change, the others stay; trays without a variant keep theirs.
 */
export function priceChanges(rows: readonly TrayRow[]) {
  const changes: PriceChange[] = [];
  let same = 0;
  let noVariant = 0;
  for (const row of rows) {
    if (row.item_id === null || row.item_price === null) noVariant += 1;
    else if (Math.round(row.item_price * 1000) === Math.round(row.price * 1000)) same += 1;
    else changes.push({ row, from: row.price, to: row.item_price });
  }
  return { changes, same, noVariant };
}

/** Stores a copy of the batch's trays with `comments`; answers the new backup's id. */
async function backUp(batchId: number, comments: string): Promise<number> {
  const list: { results: { backup_id: number }[] } = await http
    .put('v1/backup', { searchParams: { batch_id: batchId }, json: { comments } })
    .json();
  return list.results[0]!.backup_id;
}

/** Puts the batch back as the backup stored it (the caller's own newest backup, or a manager's). */
async function undoTo(backupId: number): Promise<void> {
  await http.post('v1/backup/undo', { searchParams: { backup_id: backupId } });
}

/** The notice after a destructive action: what was done, and Undo. */
function notifyUndoable(text: string, onUndo: () => void): void {
  const id = `undo-${Date.now()}`;
  notifications.show({
    ...NOTICE_PLACEMENT,
    id,
    color: 'teal',
    autoClose: 20_000,
    message: (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{text}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}

/**
 * Delete items and Update prices: a question saying what will change (the trays, and for prices
 * each old → new price), then a backup of the batch, then the action, then a notice with Undo
 * (the batch put back as the backup stored it). `change` runs a call behind the batch's claim
 * and shows its answer (useBatchTrays().change).
 */
export function useConfirmedActions(opts: {
  batch: api.BatchRef;
  pending: ReadonlyMap<number, unknown>;
  change: (run: () => Promise<TrayList>) => Promise<boolean>;
  onDone: () => void;
}) {
  const [asking, setAsking] = useState<{ kind: Destructive; rows: TrayRow[] } | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!asking) return;
    const { kind, rows } = asking;
    const ids = rows.map((r) => r.tray_id);
    const what =
      kind === 'delete'
        ? `deleting ${trayNumbers(rows)}`
        : `updating the prices of ${trayNumbers(rows)}`;
    let backupId = 0;
    setBusy(true);
    const done = await opts.change(async () => {
      backupId = await backUp(opts.batch.batchId, `Automatic backup before ${what}`);
      return api.traysAction(opts.batch, kind, ids);
    });
    setBusy(false);
    setAsking(null);
    if (!done) return;
    opts.onDone();
    const said =
      kind === 'delete'
        ? `${plural(rows.length, 'tray', 'trays')} deleted.`
        : `Prices of ${plural(rows.length, 'tray', 'trays')} updated.`;
    notifyUndoable(said, () => {
      void opts
        .change(async () => {
          await undoTo(backupId);
          return api.fetchTrays(opts.batch);
        })
        .then((ok) => ok && notifySuccess(`Undone: the trays are back as before ${what}.`));
    });
  }

  const modal = (
    <ConfirmModal
      asking={asking}
      pending={asking ? asking.rows.filter((r) => opts.pending.has(r.tray_id)).length : 0}
      busy={busy}
      onCancel={() => setAsking(null)}
      onConfirm={() => void confirm().catch(showApiError)}
    />
  );
  return { ask: (kind: Destructive, rows: TrayRow[]) => setAsking({ kind, rows }), modal };
}

function ConfirmModal(props: {
  asking: { kind: Destructive; rows: TrayRow[] } | null;
  pending: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { asking } = props;
  const kind = asking?.kind;
  const rows = asking?.rows ?? [];
  const prices = kind === 'updateprices' ? priceChanges(rows) : null;
  const nothing = prices !== null && prices.changes.length === 0;
  const undo = `A backup of the batch is taken first, so you can Undo it (within ${UNDO_MINUTES} minutes).`;
  return (
    <Modal
      opened={asking !== null}
      onClose={props.onCancel}
      closeOnClickOutside={false}
      title={
        kind === 'delete'
          ? `Delete ${plural(rows.length, 'tray', 'trays')}`
          : `Update the prices of ${plural(rows.length, 'tray', 'trays')}`
      }
    >
      <Stack gap="sm">
        {kind === 'delete' && (
          <Text size="sm">
            {capital(trayNumbers(rows))} {rows.length === 1 ? 'is' : 'are'} removed from the batch.
          </Text>
        )}
        {props.pending > 0 && (
          <Text size="sm">
            {plural(props.pending, 'of them has edits', 'of them have edits')} not accepted yet;
            those edits are dropped.
          </Text>
        )}
        {prices && (
          <>
            {prices.changes.length > 0 && (
              <ScrollArea.Autosize mah={260}>
                <Table withTableBorder aria-label="Price changes">
                  <TableHead labels={['Tray', 'Price now', 'New price']} />
                  <Table.Tbody>
                    {prices.changes.map((c) => (
                      <Table.Tr key={c.row.tray_id}>
                        <Table.Td>{c.row.tray_nr}</Table.Td>
                        <Table.Td>€ {priceText(c.from)}</Table.Td>
                        <Table.Td>→ € {priceText(c.to)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            <Text size="sm">
              {plural(prices.changes.length, 'price changes', 'prices change')} to the
              variant&apos;s price
              {prices.same > 0 ? `; ${prices.same} already have it` : ''}
              {prices.noVariant > 0
                ? `; ${plural(prices.noVariant, 'tray has', 'trays have')} no variant and keep${prices.noVariant === 1 ? 's' : ''} ${prices.noVariant === 1 ? 'its' : 'their'} price`
                : ''}
              .
            </Text>
          </>
        )}
        {!nothing && (
          <>
            <Text size="sm" c="dimmed">
              {undo}
            </Text>
            <Text fw={500}>{ARE_YOU_SURE}</Text>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {nothing ? 'Close' : 'Cancel'}
          </Button>
          {!nothing && (
            <Button color="red" loading={props.busy} onClick={props.onConfirm}>
              {kind === 'delete' ? 'Delete' : 'Update prices'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
