import { DailyCallBudget } from '../../server/marketplaces/budget';
import {
  BRICKLINK_CREATE_CHUNK,
  BRICKLINK_DAILY_CALLS,
  BrickLinkClient,
  blPrice,
} from '../../server/marketplaces/bricklink/client';
import type { BlNewInventory } from '../../server/marketplaces/bricklink/types';
import {
  BRICKOWL_BATCHES_PER_MINUTE,
  BRICKOWL_BATCH_SIZE,
  BRICKOWL_PER_MINUTE,
  BrickOwlClient,
} from '../../server/marketplaces/brickowl/client';
import { startFakeBrickLink } from '../support/fake-bricklink';
import { startFakeBrickOwl } from '../support/fake-brickowl';
import { lostAnswers } from './marketplace-upload-lossy';
import { ms, type Bench, type BenchRow } from './support';

/**
 * Uploading 5,000 lots to each local fake marketplace with the real clients (signing, key, limits
 * and all), measuring the wall time and the calls used against each marketplace's budget:
 * - BrickLink, one lot a call: 5,000 signed POSTs — the whole 5,000-a-day budget;
 * - BrickLink, 100 lots a call ("create several"), then one listing to learn the new ids;
 * - BrickOwl: BOIDs looked up by BrickLink number and lots created, both 50 to a bulk/batch,
 *   under the real limits (600 requests and 200 batches a minute), which the fake enforces;
 * - both, through the real upload jobs, with 10% of the answers lost (marketplace-upload-lossy.ts).
 */
const NAME = 'marketplace-upload';
const LOTS = 5_000;

function blLots(): BlNewInventory[] {
  return Array.from({ length: LOTS }, (_, i) => ({
    item: { no: `${3001 + (i % 2500)}`, type: 'PART' as const },
    color_id: i < 2500 ? 11 : 86,
    quantity: 1 + (i % 40),
    new_or_used: i % 3 === 0 ? ('N' as const) : ('U' as const),
    unit_price: blPrice(0.05 + (i % 17) / 100),
    remarks: `H1-A0${1 + (i % 3)}-B${i}`,
  }));
}

async function bricklinkOneByOne(rows: BenchRow[]): Promise<void> {
  const fake = await startFakeBrickLink();
  try {
    const client = new BrickLinkClient({ baseUrl: fake.url, credentials: fake.credentials });
    const started = performance.now();
    const lots = blLots();
    for (let i = 0; i < lots.length; i += 8) {
      await Promise.all(lots.slice(i, i + 8).map((lot) => client.createInventory(lot)));
    }
    const wall = performance.now() - started;
    rows.push(
      {
        bench: NAME,
        measure: 'BrickLink, 1 lot a call: wall time',
        value: ms(wall),
        note: '8 calls in flight',
      },
      {
        bench: NAME,
        measure: 'BrickLink, 1 lot a call: calls',
        value: `${client.calls} = ${pct(client.calls, BRICKLINK_DAILY_CALLS)} of the day`,
        goal: `≤ ${BRICKLINK_DAILY_CALLS}/day`,
        ok: client.calls <= BRICKLINK_DAILY_CALLS && fake.inventory.size === LOTS,
        note: 'nothing left that day for orders',
      },
    );
  } finally {
    await fake.close();
  }
}

async function bricklinkChunked(rows: BenchRow[]): Promise<void> {
  const fake = await startFakeBrickLink();
  try {
    const budget = new DailyCallBudget('bricklink', BRICKLINK_DAILY_CALLS);
    const client = new BrickLinkClient({
      baseUrl: fake.url,
      credentials: fake.credentials,
      budget,
    });
    const started = performance.now();
    const lots = blLots();
    for (let i = 0; i < lots.length; i += BRICKLINK_CREATE_CHUNK) {
      await client.createInventories(lots.slice(i, i + BRICKLINK_CREATE_CHUNK));
    }
    const listed = await client.listInventories();
    const ids = new Map(listed.map((l) => [l.remarks, l.inventory_id]));
    const wall = performance.now() - started;
    rows.push(
      {
        bench: NAME,
        measure: `BrickLink, ${BRICKLINK_CREATE_CHUNK} lots a call + 1 listing: wall time`,
        value: ms(wall),
      },
      {
        bench: NAME,
        measure: `BrickLink, ${BRICKLINK_CREATE_CHUNK} lots a call + 1 listing: calls`,
        value: `${client.calls} = ${pct(client.calls, BRICKLINK_DAILY_CALLS)} of the day`,
        goal: `≤ ${BRICKLINK_DAILY_CALLS}/day`,
        ok:
          client.calls <= BRICKLINK_DAILY_CALLS &&
          ids.size === LOTS &&
          fake.inventory.size === LOTS,
        note: `${ids.size} new ids matched back by remarks`,
      },
    );
  } finally {
    await fake.close();
  }
}

async function brickowl(rows: BenchRow[]): Promise<void> {
  const fake = await startFakeBrickOwl({ lookup: (id) => [`bo-${id}`] });
  try {
    const client = new BrickOwlClient({ baseUrl: fake.url, key: fake.key });
    const lots = blLots();
    const started = performance.now();
    const boids = await client.idLookupMany(lots.map((l) => l.item.no));
    const results = await client.createLots(
      lots.map((l, i) => ({
        boid: boids.get(l.item.no)![0],
        color_id: l.color_id,
        quantity: l.quantity,
        price: Number(l.unit_price),
        condition: l.new_or_used === 'N' ? ('new' as const) : ('usedg' as const),
        external_id: `lot-${i}`,
      })),
    );
    const wall = performance.now() - started;
    const created = results.filter((r) => r.ok).length;
    const oneByOneMinutes = (LOTS + boids.size) / BRICKOWL_PER_MINUTE;
    rows.push(
      {
        bench: NAME,
        measure: `BrickOwl, bulk/batch of ${BRICKOWL_BATCH_SIZE}: wall time`,
        value: ms(wall),
        note: `${boids.size} lookups + ${LOTS} creates`,
      },
      {
        bench: NAME,
        measure: `BrickOwl, bulk/batch of ${BRICKOWL_BATCH_SIZE}: requests`,
        value: `${client.calls} (${client.batches} batches); peak ${fake.peakInWindow}/min, ${fake.peakBatchesInWindow} batches/min`,
        goal: `≤ ${BRICKOWL_PER_MINUTE}/min, ≤ ${BRICKOWL_BATCHES_PER_MINUTE} batches/min, no 429`,
        ok: fake.rateLimited === 0 && created === LOTS && fake.lots.size === LOTS,
        note: `one request a lot would need ≥ ${oneByOneMinutes.toFixed(1)} min at ${BRICKOWL_PER_MINUTE}/min`,
      },
    );
  } finally {
    await fake.close();
  }
}

function pct(used: number, of: number): string {
  return `${((used / of) * 100).toFixed(1)}%`;
}

export const marketplaceUpload: Bench = {
  name: NAME,
  async run() {
    const rows: BenchRow[] = [];
    await bricklinkOneByOne(rows);
    await bricklinkChunked(rows);
    await brickowl(rows);
    await lostAnswers(rows);
    return rows;
  },
};
