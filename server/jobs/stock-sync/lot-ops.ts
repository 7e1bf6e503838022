import { MarketplaceError, type BrickLinkClient, type BrickOwlClient } from '../../marketplaces';
import { blPrice } from '../../marketplaces/bricklink/client';
import type { StoreClient } from '../store-client';
import { keepReserve } from '../upload/bricklink';
import type { StoreChange } from './items';

/** What sending a store's changes needs from a marketplace, one lot at a time. */
export interface LotOps {
  /** The lot's quantity on the store, or null when the store has no such lot. */
  quantityOf(lotId: string): Promise<number | null>;
  /** Sends the price, notes, tiers and bulk, and the quantity as a change (`delta`, may be 0). */
  update(lotId: string, change: StoreChange, delta: number): Promise<void>;
  /** Takes the lot off the store; a lot already gone is fine. */
  remove(lotId: string): Promise<void>;
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
  return {
    async quantityOf(lotId) {
      keepReserve(client);
      try {
        return (await client.getInventory(Number(lotId))).quantity;
      } catch (err) {
        if (gone(err)) return null;
        throw err;
      }
    },
    async update(lotId, change, delta) {
      keepReserve(client);
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
    },
    async remove(lotId) {
      keepReserve(client);
      try {
        await client.deleteInventory(Number(lotId));
      } catch (err) {
        if (!gone(err)) throw err;
      }
    },
  };
}

function brickowlOps(client: BrickOwlClient): LotOps {
  return {
    async quantityOf(lotId) {
      const lots = await client.listInventory({ lotId });
      const lot = lots.find((l) => String(l.lot_id) === lotId);
      return lot ? Number(lot.quantity) : null;
    },
    async update(lotId, change, delta) {
      const t = tiers(change.tierPrice);
      await client.updateLot({
        lot_id: lotId,
        ...(delta !== 0 ? { relative_quantity: delta } : {}),
        price: change.price / 1000,
        public_note: change.notePublic,
        personal_note: change.notePrivate,
        bulk_qty: change.bulk ?? 1,
        tier_price: t.length > 0 ? t.map((x) => `${x.quantity}:${x.price}`).join(',') : 'remove',
      });
    },
    async remove(lotId) {
      try {
        await client.deleteLot({ lot_id: lotId });
      } catch (err) {
        if (!gone(err)) throw err;
      }
    },
  };
}

export function lotOps(client: StoreClient): LotOps {
  return client.platform === 'BRICKLINK'
    ? bricklinkOps(client.bricklink)
    : brickowlOps(client.brickowl);
}
