import { MarketplaceError, type BrickLinkClient, type BrickOwlClient } from '../../marketplaces';
import { blPrice } from '../../marketplaces/bricklink/client';
import { boStatusAnswer } from '../../marketplaces/brickowl/answers';
import { BRICKOWL_BATCH_SIZE } from '../../marketplaces/brickowl/client';
import type { BoBatchRequest } from '../../marketplaces/brickowl/types';
import type { StoreClient } from '../store-client';
import { keepReserve, refusedForGood } from '../upload/bricklink';
import { blLotFields, boLotFields, type LotFields } from '../upload/lot-fields';
import type { StoreChange } from './items';

/** One change for one lot: take it off the store, or send price, notes and a quantity change. */
export interface LotStep {
  lotId: string;
  change: StoreChange;
  /** The quantity as a change (may be 0). */
  delta: number;
  remove: boolean;
}

/** What became of a step: done, refused (the lot is gone, or the change is not taken). */
export type StepResult = { ok: true } | { ok: false; gone: boolean; error: string };

/** What sending a store's changes needs from a marketplace. */
export interface LotOps {
  /** Steps sent together (BrickOwl takes 50 to a batch; BrickLink one a call). */
  groupSize: number;
  /** The lot's quantity on the store, or null when the store has no such lot. */
  quantityOf(lotId: string): Promise<number | null>;
  /**
   * Sends the steps, one result each in order. Throws when the answer is lost or the call may be
   * tried again later (then what landed is unknown: the caller checks each lot next time).
   */
  apply(steps: LotStep[]): Promise<StepResult[]>;
}

const gone = (err: unknown) =>
  err instanceof MarketplaceError && (err.status === 404 || err.code === 'RESOURCE_NOT_FOUND');

/** What the change's lot carries besides quantity, price and notes (sent whole with each change). */
const fieldsOf = (change: StoreChange): LotFields => ({
  tierPrice: change.tierPrice,
  bulk: change.bulk ?? 1,
  sale: change.sale,
  retain: change.retain,
  stockroom: change.stockroom,
});

function bricklinkOps(client: BrickLinkClient): LotOps {
  const send = async ({ lotId, change, delta, remove }: LotStep): Promise<void> => {
    keepReserve(client);
    if (remove) {
      await client.deleteInventory(Number(lotId)).catch((err: unknown) => {
        if (!gone(err)) throw err;
      });
      return;
    }
    await client.updateInventory(Number(lotId), {
      quantityChange: delta,
      unit_price: blPrice(change.price / 1000),
      description: change.notePublic,
      remarks: change.notePrivate,
      ...blLotFields(fieldsOf(change), true),
    });
  };
  return {
    groupSize: 1,
    async quantityOf(lotId) {
      keepReserve(client);
      try {
        return (await client.getInventory(Number(lotId))).quantity;
      } catch (err) {
        if (gone(err)) return null;
        throw err;
      }
    },
    async apply(steps) {
      const results: StepResult[] = [];
      for (const step of steps) {
        try {
          await send(step);
          results.push({ ok: true });
        } catch (err) {
          if (!refusedForGood(err)) throw err;
          results.push({ ok: false, gone: gone(err), error: err.message });
        }
      }
      return results;
    },
  };
}

function brickowlRequest({ lotId, change, delta, remove }: LotStep): BoBatchRequest {
  if (remove) {
    return { endpoint: 'inventory/delete', request_method: 'POST', params: [{ lot_id: lotId }] };
  }
  return {
    endpoint: 'inventory/update',
    request_method: 'POST',
    params: [
      {
        lot_id: lotId,
        ...(delta !== 0 ? { relative_quantity: delta } : {}),
        price: change.price / 1000,
        public_note: change.notePublic,
        personal_note: change.notePrivate,
        ...boLotFields(fieldsOf(change), true),
      },
    ],
  };
}

function brickowlOps(client: BrickOwlClient): LotOps {
  return {
    groupSize: BRICKOWL_BATCH_SIZE,
    async quantityOf(lotId) {
      // A lot sold out or not for sale is still the store's: BrickOwl lists it only when told.
      const lots = await client.listInventory({ lotId, activeOnly: false });
      return lots.find((l) => l.lotId === lotId)?.quantity ?? null;
    },
    async apply(steps) {
      const answers = await client.batch(steps.map(brickowlRequest), boStatusAnswer);
      return answers.map((a, i) => {
        if (a.ok) return { ok: true };
        const missing = a.status === 404 || /not found|no such lot|invalid lot/i.test(a.error);
        // Deleting a lot that is already gone is what was wanted.
        if (missing && steps[i].remove) return { ok: true };
        return { ok: false, gone: missing, error: a.error };
      });
    },
  };
}

export function lotOps(client: StoreClient): LotOps {
  return client.platform === 'BRICKLINK'
    ? bricklinkOps(client.bricklink)
    : brickowlOps(client.brickowl);
}
