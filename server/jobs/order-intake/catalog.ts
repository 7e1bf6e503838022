import type { Kysely } from 'kysely';
import type { ConditionName } from '../../db/schema-domain';
import type { Database } from '../../db/schema';
import { itemBoid } from '../../marketplaces/brickowl/client';
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
 * catalog's mould (BrickLink item number and type, or BrickOwl id, or the BrickLink item BrickOwl's
 * id lookup gave for the BOID) and colour (BrickOwl's through its colour list) in the line's
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
    // BrickOwl writes a coloured item as "<item>-<colour>"; its BrickLink number may be known
    // from an upload's id lookup (brickowl_items).
    const boids = [...new Set([line.boid, itemBoid(line.boid)])];
    const known = await db
      .selectFrom('brickowl_items')
      .select(['bl_item_no', 'item_type'])
      .where('boid', 'in', boids)
      .execute();
    moulds = moulds.where((eb) =>
      eb.or([
        eb('m.brickowl_id', 'in', boids),
        ...(line.blItemNo ? [eb('m.bl_mold_id', '=', line.blItemNo)] : []),
        ...known.map((k) =>
          eb.and([eb('m.bl_mold_id', '=', k.bl_item_no), eb('t.bsx_code', '=', k.item_type)]),
        ),
      ]),
    );
  } else if (line.blItemNo) {
    moulds = moulds.where('m.bl_mold_id', '=', line.blItemNo);
  } else return undefined;
  if (line.typeCode) moulds = moulds.where('t.bsx_code', '=', line.typeCode);
  // Colour 0 (BrickLink) or none: "not applicable" for sets, minifigures and the like.
  if (line.colourId && platform === 'BRICKLINK') {
    moulds = moulds.where('c.bl_colour_id', '=', line.colourId);
  } else if (line.colourId) {
    const colourId = line.colourId;
    // BrickOwl's colour: the BrickLink colours its colour list names for it.
    const bl = await db
      .selectFrom('brickowl_colours')
      .select('bl_colour_id')
      .where('brickowl_colour_id', '=', colourId)
      .execute();
    moulds = moulds.where((eb) =>
      eb.or([
        eb('c.brickowl_colour_id', '=', colourId),
        ...(bl.length > 0
          ? [
              eb(
                'c.bl_colour_id',
                'in',
                bl.map((r) => Number(r.bl_colour_id)),
              ),
            ]
          : []),
      ]),
    );
  }
  const rows = await moulds.orderBy('i.id').execute();
  const exact = rows.find((r) => r.condition === line.condition);
  const used = rows.find((r) => r.condition !== 'NEW');
  const pick = line.condition === 'NEW' ? exact : (exact ?? used);
  return pick ? Number(pick.id) : undefined;
}
