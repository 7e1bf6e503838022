import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { MarketplaceError, type BrickOwlClient } from '../../marketplaces';
import { boIdLookupAnswer } from '../../marketplaces/brickowl/answers';
import { BRICKOWL_BATCH_SIZE, itemBoid } from '../../marketplaces/brickowl/client';
import type { BoItemType } from '../../marketplaces/brickowl/types';

/** A "not on BrickOwl" answer is asked again after a week: BrickOwl adds items to its catalog. */
export const NOT_ON_BRICKOWL_RECHECK_MS = 7 * 24 * 3600_000;

/** A BrickLink item: its number and type letter (P, S, M, G, I, O). */
export interface BrickLinkItem {
  blItemNo: string;
  typeCode: string;
}

export const itemKey = (i: BrickLinkItem) => `${i.typeCode}:${i.blItemNo}`;

/** What BrickOwl says of an item: its BOID, null when it knows none, or its refusal of the lookup. */
export type BoidAnswer = { boid: string | null } | { refused: string };

/**
 * BOIDs of BrickLink items, BrickSync's way: each item is looked up once with BrickOwl's
 * `catalog/id_lookup` (by BrickLink item number and type, 50 to a batch) and the answer is kept in
 * `brickowl_items` — the first BOID, without a colour suffix, or none. A kept BOID is used from
 * then on; a kept "none" is asked again after a week. A lookup BrickOwl refused is not kept.
 */
export async function boidsFor(
  db: Kysely<Database>,
  client: BrickOwlClient,
  items: (BrickLinkItem & { type: BoItemType })[],
): Promise<Map<string, BoidAnswer>> {
  const unique = new Map(items.map((i) => [itemKey(i), i]));
  const answers = new Map<string, BoidAnswer>();
  const recheckBefore = new Date(Date.now() - NOT_ON_BRICKOWL_RECHECK_MS).toISOString();
  const numbers = [...new Set(items.map((i) => i.blItemNo))];
  for (let i = 0; i < numbers.length; i += 500) {
    const kept = await db
      .selectFrom('brickowl_items')
      .selectAll()
      .where('bl_item_no', 'in', numbers.slice(i, i + 500))
      .execute();
    for (const row of kept) {
      const key = itemKey({ blItemNo: row.bl_item_no, typeCode: row.item_type });
      if (!unique.has(key) || (row.boid === null && row.checked_at < recheckBefore)) continue;
      answers.set(key, { boid: row.boid });
    }
  }
  const toAsk = [...unique].filter(([key]) => !answers.has(key)).map(([, item]) => item);
  for (let i = 0; i < toAsk.length; i += BRICKOWL_BATCH_SIZE) {
    const chunk = toAsk.slice(i, i + BRICKOWL_BATCH_SIZE);
    const found = await lookUp(client, chunk);
    const now = nowIso();
    const rows: Database['brickowl_items'][] = [];
    chunk.forEach((item, j) => {
      const answer = found[j];
      answers.set(itemKey(item), answer);
      if ('boid' in answer) {
        rows.push({
          bl_item_no: item.blItemNo,
          item_type: item.typeCode,
          boid: answer.boid,
          checked_at: now,
        });
      }
    });
    if (rows.length === 0) continue;
    await db
      .insertInto('brickowl_items')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['bl_item_no', 'item_type']).doUpdateSet((eb) => ({
          boid: eb.ref('excluded.boid'),
          checked_at: eb.ref('excluded.checked_at'),
        })),
      )
      .execute();
  }
  return answers;
}

/** One lookup alone, more than one as a batch; an answer per item, in order. */
async function lookUp(
  client: BrickOwlClient,
  items: (BrickLinkItem & { type: BoItemType })[],
): Promise<BoidAnswer[]> {
  const first = (boids: string[]): BoidAnswer => ({
    boid: boids.length > 0 ? itemBoid(boids[0]) : null,
  });
  if (items.length === 1) {
    try {
      return [first(await client.idLookup(items[0].blItemNo, items[0].type))];
    } catch (err) {
      // BrickOwl turned this one lookup down (a batch would answer it beside the others).
      const refused =
        err instanceof MarketplaceError &&
        !err.retryable &&
        err.status < 500 &&
        err.code !== 'BAD_KEY';
      if (refused) return [{ refused: err.message }];
      throw err;
    }
  }
  const results = await client.batch(
    items.map((item) => ({
      endpoint: 'catalog/id_lookup',
      request_method: 'GET' as const,
      params: [{ id: item.blItemNo, type: item.type, id_type: 'bl_item_no' }],
    })),
    boIdLookupAnswer,
  );
  return results.map((r) => (r.ok ? first(r.data) : { refused: r.error }));
}
