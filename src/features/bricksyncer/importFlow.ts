import { BSX_MAX_BYTES, BsxImportMessages, readBsxBlob } from '../../../contract/bsx';
import {
  newItemFromLot,
  SYNC_BATCH_CHUNK,
  SYNC_BATCH_MAX_ITEMS,
  type ConvertedLot,
  type NewBatchBody,
  type NewBatchItem,
} from '../../../contract/sync-batches';
import { addBatchLots, convertLots, createSyncBatch } from './api';

/**
 * The import's long steps, each in chunks with progress (docs/bricksyncer.md): the file is read
 * as a stream, its lots are looked up in the catalog 5,000 at a time, and a batch of more than
 * 5,000 lots is created with its first chunk, the others following one by one.
 */

export interface ImportProgress {
  /** What is being done, in the screen's words. */
  step: string;
  done: number;
  total: number;
  /** How `done` and `total` are counted. */
  unit: 'bytes' | 'lots';
}
export type OnProgress = (p: ImportProgress) => void;

export const ImportSteps = {
  reading: 'Reading the file',
  lookingUp: 'Looking up the lots in the catalog',
  creating: 'Creating the batch',
} as const;

/** A refusal of the chosen file before anything is read (too large), or null. */
export function fileProblem(file: File | null): string | null {
  if (file && file.size > BSX_MAX_BYTES) return BsxImportMessages.tooLarge;
  return null;
}

export interface ReadLots {
  currency: string;
  items: NewBatchItem[];
  found: ConvertedLot[];
}

/** Reads the file (at most SYNC_BATCH_MAX_ITEMS lots) and looks its lots up in the catalog. */
export async function readAndConvert(file: File, onProgress: OnProgress): Promise<ReadLots> {
  onProgress({ step: ImportSteps.reading, done: 0, total: file.size, unit: 'bytes' });
  const doc = await readBsxBlob(file, {
    maxLots: SYNC_BATCH_MAX_ITEMS,
    onProgress: (done, total) =>
      onProgress({ step: ImportSteps.reading, done, total, unit: 'bytes' }),
  });
  const items = doc.items.map(newItemFromLot);
  const found: ConvertedLot[] = [];
  for (let i = 0; i < items.length; i += SYNC_BATCH_CHUNK) {
    onProgress({ step: ImportSteps.lookingUp, done: i, total: items.length, unit: 'lots' });
    found.push(...(await convertLots(items.slice(i, i + SYNC_BATCH_CHUNK))));
  }
  return { currency: doc.currency, items, found };
}

/** Where a chunked creation stands: the batch and how many lots it holds. */
export interface Created {
  batchId: number;
  sent: number;
}

/**
 * Creates the batch, or goes on with one created before (`from`, after a failed chunk): the lots
 * go SYNC_BATCH_CHUNK at a time. `onCreated` is told after every chunk the server took, so a
 * failure can be resumed from there.
 */
export async function createInChunks(
  head: Omit<NewBatchBody, 'items' | 'lots'>,
  items: NewBatchItem[],
  onProgress: OnProgress,
  onCreated: (c: Created) => void,
  from: Created | null = null,
): Promise<number> {
  const total = items.length;
  const tell = (done: number) =>
    onProgress({ step: ImportSteps.creating, done, total, unit: 'lots' });
  let at = from ?? null;
  if (!at) {
    tell(0);
    const first = items.slice(0, SYNC_BATCH_CHUNK);
    const batchId = await createSyncBatch({
      ...head,
      items: first,
      ...(total > first.length ? { lots: total } : {}),
    });
    at = { batchId, sent: first.length };
    onCreated(at);
  }
  while (at.sent < total) {
    tell(at.sent);
    const chunk = items.slice(at.sent, at.sent + SYNC_BATCH_CHUNK);
    await addBatchLots({ batch_id: at.batchId, offset: at.sent, items: chunk });
    at = { batchId: at.batchId, sent: at.sent + chunk.length };
    onCreated(at);
  }
  tell(total);
  return at.batchId;
}
