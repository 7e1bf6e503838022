import { BrickOwlError, type BrickOwlClient } from '../../marketplaces';
import { BRICKOWL_BATCH_SIZE } from '../../marketplaces/brickowl/client';
import { boLotList } from '../../marketplaces/brickowl/answers';
import { backoffMs, DEFAULT_RETRY, sleep } from '../../marketplaces/retry';
import type { JobContext } from '../types';
import { lotMark, type UploadLot } from './lots';
import { mayHaveCreated, settleByMark } from './settle';

/** Tries of one batch of look-ups whose answer was lost (a look-up changes nothing). */
const LOOKUP_TRIES = 4;

/**
 * The store's lots carrying each mark as their external id, inactive ones too (a lot sold out
 * meanwhile was still created): `inventory/list?external_id_1=` 50 to a bulk/batch.
 */
async function lotsByMark(client: BrickOwlClient, marks: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (let i = 0; i < marks.length; i += BRICKOWL_BATCH_SIZE) {
    const chunk = marks.slice(i, i + BRICKOWL_BATCH_SIZE);
    const requests = chunk.map((mark) => ({
      endpoint: 'inventory/list',
      request_method: 'GET' as const,
      params: [{ external_id_1: mark, active_only: 0 }],
    }));
    for (let attempt = 1; ; attempt++) {
      try {
        const answers = await client.batch(requests, boLotList);
        answers.forEach((a, j) => {
          if (!a.ok) {
            throw new BrickOwlError(
              'BAD_RESPONSE',
              `BrickOwl could not look up lot ${chunk[j]}: ${a.error}`,
              502,
              true,
            );
          }
          found.set(
            chunk[j],
            a.data.map((l) => l.lotId),
          );
        });
        break;
      } catch (err) {
        if (attempt >= LOOKUP_TRIES || !mayHaveCreated(err)) throw err;
        await sleep(backoffMs(DEFAULT_RETRY, attempt - 1));
      }
    }
  }
  return found;
}

/**
 * Settles `sent` lots against the BrickOwl store (see settleByMark): each looked up by its mark;
 * `onDone` runs for each lot found once.
 */
export async function settleBrickOwlSent(
  ctx: JobContext,
  client: BrickOwlClient,
  storeId: number,
  lots: UploadLot[],
  onDone: (lot: UploadLot, lotId: string) => Promise<void>,
): Promise<void> {
  if (lots.length === 0) return;
  const marks = await lotsByMark(
    client,
    lots.map((l) => lotMark(l.jobItemId)),
  );
  await settleByMark(ctx, storeId, lots, (mark) => marks.get(mark) ?? [], onDone);
}
