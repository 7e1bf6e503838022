import type { Kysely } from 'kysely';
import {
  PriceGuideMessages as M,
  type PriceGuideLot,
  type LotGuide,
} from '../../../contract/price-guide';
import type { Database } from '../../db/schema';
import { BL_TYPES } from '../../jobs/upload/lots';

/** A lot's BrickLink ids: what its guide is asked by (and kept under). */
export interface GuideKey {
  /** The BrickLink type letter (P, S, M, …). */
  typeLetter: string;
  no: string;
  colourId: number;
  condition: 'N' | 'U';
}

export const keyText = (k: GuideKey) => `${k.typeLetter}|${k.no}|${k.colourId}|${k.condition}`;

/** A lot's key, or the reason it has no BrickLink guide. */
export type ResolvedLot = { key: GuideKey } | { error: string };

interface Ids {
  mold_id: number;
  colour_id: number;
  condition: string;
}

/**
 * The BrickLink ids of each lot: a warehouse item (the company's own only) or a mould, colour and
 * condition, through the catalog's BrickLink item number, type and colour id. New is `N`, every
 * used condition `U`.
 */
export async function resolveLots(
  db: Kysely<Database>,
  companyId: number,
  lots: PriceGuideLot[],
): Promise<ResolvedLot[]> {
  const itemIds = lots.flatMap((l) => ('item_id' in l ? [Number(l.item_id)] : []));
  const items = new Map<number, Ids>();
  if (itemIds.length > 0) {
    const rows = await db
      .selectFrom('items')
      .select(['id', 'mold_id', 'colour_id', 'condition'])
      .where('company_id', '=', companyId)
      .where('id', 'in', itemIds)
      .execute();
    for (const r of rows) items.set(Number(r.id), r);
  }
  const ids: (Ids | null)[] = lots.map((l) =>
    'item_id' in l
      ? (items.get(Number(l.item_id)) ?? null)
      : { mold_id: Number(l.mold_id), colour_id: Number(l.colour_id), condition: l.condition },
  );
  const moulds = [...new Set(ids.flatMap((i) => (i ? [i.mold_id] : [])))];
  const colours = [...new Set(ids.flatMap((i) => (i ? [i.colour_id] : [])))];
  const mouldOf = new Map<number, { no: string | null; letter: string }>();
  if (moulds.length > 0) {
    const rows = await db
      .selectFrom('moulds as m')
      .innerJoin('item_types as t', 't.id', 'm.type_id')
      .select(['m.id', 'm.bl_mold_id', 't.bsx_code'])
      .where('m.id', 'in', moulds)
      .execute();
    for (const r of rows) mouldOf.set(Number(r.id), { no: r.bl_mold_id, letter: r.bsx_code });
  }
  const colourOf = new Map<number, number | null>();
  if (colours.length > 0) {
    const rows = await db
      .selectFrom('colours')
      .select(['id', 'bl_colour_id'])
      .where('id', 'in', colours)
      .execute();
    for (const r of rows)
      colourOf.set(Number(r.id), r.bl_colour_id === null ? null : Number(r.bl_colour_id));
  }
  return ids.map((i) => {
    if (!i) return { error: M.itemNotFound };
    const mould = mouldOf.get(i.mold_id);
    if (!mould) return { error: M.itemNotFound };
    if (!mould.no || !BL_TYPES[mould.letter]) return { error: M.noBrickLinkNo };
    const colourId = colourOf.get(i.colour_id);
    if (colourId === undefined) return { error: M.itemNotFound };
    if (colourId === null) return { error: M.noBrickLinkColour };
    return {
      key: {
        typeLetter: mould.letter,
        no: mould.no,
        colourId,
        condition: i.condition === 'NEW' ? 'N' : 'U',
      },
    };
  });
}

/** The answer for a lot without a guide. */
export function noGuide(key: GuideKey | null, error: string): LotGuide {
  return {
    item_type: key ? BL_TYPES[key.typeLetter] : null,
    bl_item_no: key?.no ?? null,
    bl_colour_id: key?.colourId ?? null,
    new_or_used: key?.condition ?? null,
    sold: null,
    stock: null,
    error,
  };
}
