import { MarketplaceError, type BrickLinkClient, type BrickOwlClient } from '../../marketplaces';
import { blPrice } from '../../marketplaces/bricklink/client';
import { BRICKOWL_BATCH_SIZE } from '../../marketplaces/brickowl/client';
import type { BoBatchRequest } from '../../marketplaces/brickowl/types';
import type { StoreClient } from '../store-client';
import { keepReserve, refusedForGood } from '../upload/bricklink';
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

/** 'Q1:P1,Q2:P2,Q3:P3' (thousandths) as quantity and price pairs. */
function tiers(tierPrice: string | null): { quantity: number; price: number }[] {
  if (!tierPrice) return [];
  return tierPrice.split(',').map((t) => {
    const [q, p] = t.split(':');
    return { quantity: Number(q), price: Number(p) / 1000 };
  });
}

function bricklinkOps(client: BrickLinkClient): LotOps {
  const send = async ({ lotId, change, delta, remove }: LotStep): Promise<void> => {
    keepReserve(client);
    if (remove) {
      await client.deleteInventory(Number(lotId)).catch((err: unknown) => {
        if (!gone(err)) throw err;
      });
      return;
    }
    const t = tiers(change.tierPrice);
    const tier = (n: 1 | 2 | 3) => ({
      [`tier_quantity${n}`]: t[n - 1]?.quantity ?? 0,
      [`tier_price${n}`]: blPrice(t[n - 1]?.price ?? 0),
    });
    await client.updateInventory(Number(lotId), {
      quantityChange: delta,
      unit_price: blPrice(change.price / 1000),
      description: change.notePublic,
      remarks: change.notePrivate,
      bulk: change.bulk ?? 1,
      ...tier(1),
      ...tier(2),
      ...tier(3),
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
  const t = tiers(change.tierPrice);
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
        bulk_qty: change.bulk ?? 1,
        tier_price: t.length > 0 ? t.map((x) => `${x.quantity}:${x.price}`).join(',') : 'remove',
      },
    ],
  };
}

function brickowlOps(client: BrickOwlClient): LotOps {
  return {
    groupSize: BRICKOWL_BATCH_SIZE,
    async quantityOf(lotId) {
      const lots = await client.listInventory({ lotId });
      const lot = lots.find((l) => String(l.lot_id) === lotId);
      return lot ? Number(lot.quantity) : null;
    },
    async apply(steps) {
      const answers = await client.batch(steps.map(brickowlRequest));
      return answers.map((a, i) => {
        if (a.ok) return { ok: true };
        const missing = /not found|no such lot|invalid lot/i.test(a.error);
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
