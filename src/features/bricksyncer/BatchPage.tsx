import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { JobMessages, type JobView } from '../../../contract/jobs';
import {
  canUpload,
  SyncBatchMessages as M,
  type SyncBatchItem,
  type SyncBatchRow,
} from '../../../contract/sync-batches';
import type { PriceChange } from '../../../contract/price-guide';
import { LeaveGuard } from '../../ui/LeaveGuard';
import { notifyError, notifySuccess, showApiError } from '../../ui/notify';
import { SelectAllCheckbox, useRowSelection } from '../../ui/RowSelection';
import { PriceGuideBar, usePriceGuides, type PricedLot } from '../price-guide';
import { fetchBatchItems, fetchSyncBatch, savePrices } from './api';
import { BatchBsxExport } from './BatchBsxExport';
import { BatchItemRow } from './BatchItemRow';
import { rememberedJobs, rememberJobs, startUpload, uploadRefusal } from './uploadApi';
import { conditionWords, StockElsewhereNotice } from './StockElsewhereNotice';
import { UploadProgress } from './UploadProgress';

type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; value: T };

type Upload = { jobIds: number[]; initial?: JobView[] };

/**
 * Batch (docs/bricksyncer.md): the batch's details and items with an editable price each; Save
 * prices stores them, Upload items queues one upload job per store (every item needs a price
 * above 0) and the page follows the jobs' progress; Export BSX gives the lots as a BrickStore file.
 * Show price guide puts BrickLink's price guide beside each price; Set to average ± % types the
 * selected items' prices from it (kept with Save prices). Leaving with unsaved prices asks first,
 * except when uploading.
 */
export default function BatchPage() {
  const batchId = Number(useParams().batchId);
  const [batch, setBatch] = useState<Load<SyncBatchRow>>({ state: 'loading' });
  const [items, setItems] = useState<Load<SyncBatchItem[]>>({ state: 'loading' });
  // Prices typed but not saved yet: batch item id -> thousandths (null when emptied).
  const [edits, setEdits] = useState<Map<number, number | null>>(new Map());
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<Upload | null>(() => {
    const jobIds = rememberedJobs(batchId);
    return jobIds.length > 0 ? { jobIds } : null;
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  // Stores the last upload left out, for selling in another currency than the batch's.
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const { selected, setSelected, select } = useRowSelection<number>();
  const guides = usePriceGuides<number>(
    batch.state === 'loaded' ? batch.value.currency : undefined,
  );
  const dirty = edits.size > 0;

  const load = useCallback(async () => {
    fetchSyncBatch(batchId).then(
      (value) => setBatch({ state: 'loaded', value }),
      () => setBatch({ state: 'failed' }),
    );
    fetchBatchItems(batchId).then(
      (value) => setItems({ state: 'loaded', value }),
      () => setItems({ state: 'failed' }),
    );
  }, [batchId]);
  useEffect(() => {
    void load();
  }, [load]);

  const list = items.state === 'loaded' ? items.value : [];
  // The batch's prices are in its file's currency.
  const currency = batch.state === 'loaded' ? batch.value.currency : 'EUR';
  const priceOf = (i: SyncBatchItem) => (edits.has(i.id) ? edits.get(i.id)! : i.price);
  const lotOf = (i: SyncBatchItem): PricedLot<number> => ({
    key: i.id,
    lot: { item_id: i.item_id },
    label: `${i.mold_name} ${i.colour_name}`,
    price: priceOf(i),
  });

  /** The new prices become typed prices, saved with Save prices like any other. */
  function applyAverage(changes: PriceChange<number>[]): boolean {
    const next = new Map(edits);
    for (const c of changes) next.set(c.key, c.new);
    setEdits(next);
    notifySuccess(
      `${changes.length} ${changes.length === 1 ? 'price' : 'prices'} set: Save prices to keep them`,
    );
    return true;
  }

  async function save() {
    const changed = [...edits].map(([id, price]) => ({ id, price: price ?? 0 }));
    setBusy(true);
    try {
      setItems({ state: 'loaded', value: await savePrices(batchId, changed) });
      setEdits(new Map());
      notifySuccess('Prices saved');
    } catch (error) {
      await showApiError(error);
    } finally {
      setBusy(false);
    }
  }

  const reloadBatch = useCallback(() => {
    fetchSyncBatch(batchId).then(
      (value) => setBatch({ state: 'loaded', value }),
      () => undefined,
    );
  }, [batchId]);

  // A batch being uploaded or uploaded is not uploaded again (the server refuses it too).
  const batchStatus = batch.state === 'loaded' ? batch.value.status : null;
  const uploadClosed =
    batchStatus === 'uploading'
      ? JobMessages.uploading
      : batchStatus === 'uploaded'
        ? JobMessages.uploaded
        : null;

  async function sendUpload() {
    const priced = list.map((i) => ({
      item_id: i.item_id,
      price: priceOf(i),
      quantity: i.quantity,
    }));
    if (!canUpload(priced)) return notifyError(M.uploadNoPrice);
    setBusy(true);
    setRefusal(null);
    setLeftOut([]);
    try {
      const { jobs, otherCurrency } = await startUpload(
        batchId,
        priced.map((p) => ({ ...p, price: p.price ?? 0 })),
      );
      setLeftOut(
        otherCurrency.map((s) =>
          JobMessages.leftOut(currency, { name: s.store_name, currency: s.currency }),
        ),
      );
      rememberJobs(
        batchId,
        jobs.map((j) => j.id),
      );
      setUpload({ jobIds: jobs.map((j) => j.id), initial: jobs });
      setEdits(new Map()); // the prices sent are kept on the batch
      void load();
    } catch (error) {
      const refused = await uploadRefusal(error);
      if (refused) setRefusal(refused);
      else await showApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      {batch.state === 'loading' && <Loader aria-label="Loading the batch" />}
      {batch.state === 'failed' && <Alert color="red">{M.retrieveBatch}</Alert>}
      {batch.state === 'loaded' && (
        <Stack gap={4}>
          <Title order={2}>{batch.value.name}</Title>
          <Text c="dimmed">
            {batch.value.items} items · {batch.value.status} · prices in {batch.value.currency} ·{' '}
            {new Date(batch.value.date_of_creation).toLocaleString('nl-NL')}
          </Text>
          {batch.value.comments && <Text>{batch.value.comments}</Text>}
          {batch.value.lots_expected !== null && (
            <Alert color="yellow">
              {M.importing(batch.value.items, batch.value.lots_expected)}
            </Alert>
          )}
        </Stack>
      )}
      {items.state === 'loading' && <Loader aria-label="Loading the items" />}
      {items.state === 'failed' && <Alert color="red">{M.retrieveItems}</Alert>}
      {items.state === 'loaded' && (
        <StockElsewhereNotice
          labels={list
            .filter((i) => i.in_warehouse === 0)
            .map(
              (i) =>
                `${i.bl_item_id ?? i.mold_name} (${i.colour_name}, ${conditionWords(i.condition)})`,
            )}
        />
      )}
      {items.state === 'loaded' && list.length > 0 && (
        <PriceGuideBar
          lots={list.map(lotOf)}
          selected={selected}
          guides={guides}
          onApply={applyAverage}
          currency={currency}
        />
      )}
      {items.state === 'loaded' && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <SelectAllCheckbox
                    keys={list.map((i) => i.id)}
                    selected={selected}
                    onChange={setSelected}
                  />
                </Table.Th>
                <Table.Th />
                <Table.Th>Item</Table.Th>
                <Table.Th>Colour</Table.Th>
                <Table.Th>Condition</Table.Th>
                <Table.Th>Quantity</Table.Th>
                <Table.Th>Notes</Table.Th>
                <Table.Th>Bulk, sale, tiers, stockroom</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>BrickLink price guide</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((i) => (
                <BatchItemRow
                  key={i.id}
                  item={i}
                  price={priceOf(i)}
                  onPrice={(p) => setEdits(new Map(edits).set(i.id, p))}
                  selected={selected.has(i.id)}
                  onSelect={(on) => select(i.id, on)}
                  guide={guides.guides.get(i.id)}
                  currency={currency}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button onClick={() => void save()} disabled={!dirty} loading={busy}>
          Save prices
        </Button>
        <Button
          onClick={() => void sendUpload()}
          disabled={items.state !== 'loaded' || uploadClosed !== null}
          loading={busy}
        >
          Upload items
        </Button>
        {uploadClosed && (
          <Text size="sm" c="dimmed" data-testid="upload-closed">
            {uploadClosed}
          </Text>
        )}
      </Group>
      {batch.state === 'loaded' && <BatchBsxExport batchId={batchId} name={batch.value.name} />}
      {refusal && (
        <Alert color="red" data-testid="upload-refused">
          <Text style={{ whiteSpace: 'pre-line' }}>{refusal}</Text>
          {/Stores/.test(refusal) && (
            <Anchor component={Link} to="/bricksyncer/stores">
              Go to Stores
            </Anchor>
          )}
        </Alert>
      )}
      {leftOut.length > 0 && (
        <Alert color="yellow" data-testid="upload-left-out">
          <Text style={{ whiteSpace: 'pre-line' }}>{leftOut.join('\n')}</Text>
        </Alert>
      )}
      {upload && (
        <UploadProgress
          key={upload.jobIds.join()}
          jobIds={upload.jobIds}
          initial={upload.initial}
          items={list}
          onEnded={reloadBatch}
        />
      )}
      <LeaveGuard
        active={dirty && !busy}
        title="Unsaved changes"
        message="There are prices that are not saved. Leave this page anyway?"
      />
    </Stack>
  );
}
