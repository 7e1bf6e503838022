import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { itemsWithLooks } from '../../db/item-joins';
import type { BrickOwlClient } from '../../marketplaces';
import {
  boidsFor,
  colourMap,
  colourMapStale,
  itemKey,
  refreshColours,
  type ColourMap,
} from '../brickowl-map';
import type { JobContext } from '../types';
import { BO_TYPES, markFailed, type UploadLot } from './lots';

/** How a lot that cannot be mapped to BrickOwl's catalog is reported, each on its own line. */
export const NOT_ON_BRICKOWL = 'not on BrickOwl';

/** A lot with BrickOwl's ids: its BOID and, for a part in a colour, BrickOwl's colour id. */
export interface MappedLot {
  lot: UploadLot;
  boid: string;
  colourId?: number;
}

/**
 * The colour list an upload maps with: read from BrickOwl when it never was, and read again when
 * a part's colour is missing from a list older than a day (a reading that fails then leaves the
 * kept list in use).
 */
async function coloursFor(
  ctx: JobContext,
  client: BrickOwlClient,
  lots: UploadLot[],
): Promise<ColourMap> {
  const map = await colourMap(ctx.db);
  const missing = lots.some(
    (l) => l.typeCode === 'P' && l.blColourId && !map.byBrickLink.has(l.blColourId),
  );
  if (map.readAt !== null && !(missing && colourMapStale(map))) return map;
  try {
    await refreshColours(ctx.db, client);
  } catch (err) {
    if (map.readAt === null) throw err;
    ctx.log.warn({ err }, "BrickOwl's colour list could not be read again");
  }
  return colourMap(ctx.db);
}

/** "3001 Red": the item as BrickLink names it, with its colour for a part. */
async function lotWords(db: Kysely<Database>, lots: UploadLot[]): Promise<Map<number, string>> {
  if (lots.length === 0) return new Map();
  const rows = await itemsWithLooks(db)
    .select(['i.id', 'm.name as mould', 'c.name as colour'])
    .where(
      'i.id',
      'in',
      lots.map((l) => l.itemId),
    )
    .execute();
  const names = new Map(rows.map((r) => [Number(r.id), r]));
  return new Map(
    lots.map((l) => {
      const row = names.get(l.itemId);
      const what = l.blItemNo ?? row?.mould ?? `item ${l.itemId}`;
      return [l.itemId, l.typeCode === 'P' && row ? `${what} ${row.colour}` : what];
    }),
  );
}

/**
 * The mapping step before lots go to BrickOwl, BrickSync's way: a part's colour through BrickOwl's
 * colour list (BrickLink colour id → BrickOwl colour id), the item through the catalog's BrickOwl
 * id, else BrickOwl's own id lookup by BrickLink number and type (kept after the first ask).
 * A lot that cannot be mapped is marked failed with its own line, "not on BrickOwl: 3001 Red
 * (…why)"; every other lot goes on. Answers the mapped lots.
 */
export async function mapToBrickOwl(
  ctx: JobContext,
  client: BrickOwlClient,
  lots: UploadLot[],
): Promise<MappedLot[]> {
  if (lots.length === 0) return [];
  const colours = await coloursFor(ctx, client, lots);
  const unmapped: { lot: UploadLot; why: string }[] = [];
  const coloured: { lot: UploadLot; colourId?: number }[] = [];
  for (const lot of lots) {
    const type = BO_TYPES[lot.typeCode];
    if (!type) {
      unmapped.push({ lot, why: 'BrickOwl has no items of this type' });
      continue;
    }
    if (!lot.boid && !lot.blItemNo) {
      unmapped.push({ lot, why: 'the item has no BrickLink item number to look up' });
      continue;
    }
    // BrickLink colour 0 is "not applicable": sets, minifigures and parts without a colour.
    if (lot.typeCode !== 'P' || lot.blColourId === 0) {
      coloured.push({ lot });
      continue;
    }
    const colourId =
      (lot.blColourId === null ? undefined : colours.byBrickLink.get(lot.blColourId)?.id) ??
      lot.boColourId ??
      undefined;
    if (colourId === undefined) {
      const why =
        lot.blColourId === null
          ? 'the colour has no BrickLink colour id'
          : `BrickOwl's colour list has no BrickLink colour ${lot.blColourId}`;
      unmapped.push({ lot, why });
    } else coloured.push({ lot, colourId });
  }

  const toLookUp = coloured
    .filter(({ lot }) => !lot.boid)
    .map(({ lot }) => ({
      blItemNo: lot.blItemNo!,
      typeCode: lot.typeCode,
      type: BO_TYPES[lot.typeCode],
    }));
  if (toLookUp.length > 0) await ctx.progress('Finding the items on BrickOwl', 0, lots.length);
  const answers = toLookUp.length > 0 ? await boidsFor(ctx.db, client, toLookUp) : new Map();
  const mapped: MappedLot[] = [];
  for (const { lot, colourId } of coloured) {
    if (lot.boid) {
      mapped.push({ lot, boid: lot.boid, colourId });
      continue;
    }
    const answer = answers.get(itemKey({ blItemNo: lot.blItemNo!, typeCode: lot.typeCode }));
    if (answer && 'refused' in answer) {
      await markFailed(
        ctx.db,
        lot,
        `BrickOwl refused to look up ${lot.blItemNo}: ${answer.refused}`,
      );
    } else if (!answer?.boid) {
      const kind = BO_TYPES[lot.typeCode].toLowerCase();
      unmapped.push({ lot, why: `BrickOwl's catalog has no ${kind} ${lot.blItemNo}` });
    } else mapped.push({ lot, boid: answer.boid, colourId });
  }

  const words = await lotWords(
    ctx.db,
    unmapped.map((u) => u.lot),
  );
  for (const { lot, why } of unmapped) {
    await markFailed(ctx.db, lot, `${NOT_ON_BRICKOWL}: ${words.get(lot.itemId)} (${why})`);
  }
  return mapped;
}
