import type { Kysely } from 'kysely';
import type { ConditionName } from '../../db/schema-domain';
import type { Database } from '../../db/schema';
import { BL_TYPES } from '../upload/lots';

/** One line of a marketplace order, in the marketplace's own ids. */
export interface OrderLine {
  lotId: string;
  /** BrickLink item number and BrickLink type code (P, S, M…), when known. */
  blItemNo: string | null;
  typeCode: string | null;
  boid: string | null;
  /** The marketplace's colour id (BrickLink's or BrickOwl's, by platform). */
  colourId: number | null;
  condition: ConditionName;
  quantity: number;
  /** thousandths */
  unitPrice: number;
  label: string;
}

export const BL_TYPE_CODE = Object.fromEntries(Object.entries(BL_TYPES).map(([c, t]) => [t, c]));

/** Thousandths from a marketplace's decimal text ("0.1250" → 125). */
export const thousandths = (value: string | undefined) =>
  Math.round(Number.parseFloat(value ?? '0') * 1000) || 0;

/**
 * The company's item for an order line: the store lot we uploaded (its lot id), else the
 * catalog's mould (BrickLink item number and type, or BrickOwl id) and colour in the line's
 * condition. Undefined when the catalog has no such mould or colour, or the company keeps no such
 * item (an order for something the warehouse does not hold is a problem for a person).
 */
export async function findItem(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  platform: 'BRICKLINK' | 'BRICKOWL',
  line: OrderLine,
): Promise<number | undefined> {
  const listed = await db
    .selectFrom('store_items')
    .select('item_id')
    .where('store_id', '=', storeId)
    .where('external_lot_id', '=', line.lotId)
    .executeTakeFirst();
  if (listed) return Number(listed.item_id);

  let moulds = db
    .selectFrom('items as i')
    .innerJoin('moulds as m', 'm.id', 'i.mold_id')
    .innerJoin('item_types as t', 't.id', 'm.type_id')
    .innerJoin('colours as c', 'c.id', 'i.colour_id')
    .select(['i.id', 'i.condition'])
    .where('i.company_id', '=', companyId);
  if (platform === 'BRICKOWL' && line.boid) {
    moulds = moulds.where((eb) =>
      eb.or([
        eb('m.brickowl_id', '=', line.boid),
        ...(line.blItemNo ? [eb('m.bl_mold_id', '=', line.blItemNo)] : []),
      ]),
    );
  } else if (line.blItemNo) {
    moulds = moulds.where('m.bl_mold_id', '=', line.blItemNo);
  } else return undefined;
  if (line.typeCode) moulds = moulds.where('t.bsx_code', '=', line.typeCode);
  const colourColumn = platform === 'BRICKLINK' ? 'c.bl_colour_id' : 'c.brickowl_colour_id';
  // Colour 0 (BrickLink) or none: "not applicable" for sets, minifigures and the like.
  if (line.colourId) moulds = moulds.where(colourColumn, '=', line.colourId);
  const rows = await moulds.orderBy('i.id').execute();
  const exact = rows.find((r) => r.condition === line.condition);
  const used = rows.find((r) => r.condition !== 'NEW');
  const pick = line.condition === 'NEW' ? exact : (exact ?? used);
  return pick ? Number(pick.id) : undefined;
}
