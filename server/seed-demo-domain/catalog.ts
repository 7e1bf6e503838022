import { SHARED_SCOPE } from '../sync/version';
import {
  CATEGORIES,
  COLOURS,
  isTransparentColour,
  PART_MOULDS,
  rebrickablePart,
  REBRICKABLE_MEDIA,
  SET_MOULDS,
  THEMES,
} from './catalog-data';
import { insertRows, prng, stableUuid, syncSequences, type Trx } from './util';

const RB = REBRICKABLE_MEDIA;

/** Common colours (ids into COLOURS + 1) parts come in; the demo spreads variants over them. */
const PALETTE = [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 16, 18, 19, 8, 13, 14, 21];

export interface DemoCatalog {
  /** Colour ids each part mould is stocked in (the demo's item variants). */
  mouldColours: Map<number, number[]>;
  /** Part mould ids in catalog order. */
  partMoulds: number[];
  setMoulds: number[];
}

export function colourIdByName(name: string): number {
  const i = COLOURS.findIndex(([n]) => n === name);
  if (i < 0) throw new Error(`no demo colour ${name}`);
  return i + 1;
}

/** Loads the shared catalog slice (global rows, versioned in the shared sync scope). */
export async function seedCatalog(trx: Trx): Promise<DemoCatalog> {
  const rnd = prng(3001);
  await insertRows(
    trx,
    'colours',
    COLOURS.map(([name, bl, rb, hex], i) => ({
      id: i + 1,
      uuid: stableUuid(`colour:${rb}`),
      name,
      rebrickable_id: rb,
      bl_colour_id: bl,
      brickowl_colour_id: null,
      hex,
      is_transparent: isTransparentColour(name) ? 1 : 0,
    })),
    SHARED_SCOPE,
  );
  for (const [table, rows] of [
    ['categories', CATEGORIES],
    ['themes', THEMES],
  ] as const) {
    await insertRows(
      trx,
      table,
      rows.map(([name, parent, rebrickable], i) => ({
        id: i + 1,
        uuid: stableUuid(`${table}:${name}`),
        name,
        parent_id: parent,
        rebrickable_id: rebrickable,
      })),
      SHARED_SCOPE,
    );
  }

  await insertRows(
    trx,
    'parts',
    PART_MOULDS.map(([, blName, number, category], i) => {
      const [rebrickable, name] = rebrickablePart(number, blName);
      return {
        id: i + 1,
        uuid: stableUuid(`part:${number}`),
        name,
        rebrickable_id: rebrickable,
        bricklink_id: number,
        brickowl_id: null,
        category_id: category,
        material: 'Plastic',
        image_url: `${RB}/parts/ldraw/71/${rebrickable}.png`,
        year: null,
      };
    }),
    SHARED_SCOPE,
  );
  await insertRows(
    trx,
    'sets',
    SET_MOULDS.map(([, name, number, theme, year, parts], i) => ({
      id: i + 1,
      uuid: stableUuid(`set:${number}`),
      name,
      rebrickable_id: number,
      bricklink_id: number,
      brickowl_id: null,
      theme_id: theme,
      image_url: `${RB}/sets/${number}.jpg`,
      num_parts: parts,
      year,
    })),
    SHARED_SCOPE,
  );
  await insertRows(
    trx,
    'set_documents',
    SET_MOULDS.flatMap(([, name, number], i) => [
      {
        id: 2 * i + 1,
        uuid: stableUuid(`instruction:${number}`),
        set_id: i + 1,
        kind: 'instruction',
        name: `${name} instructions`,
        bricklink_id: number,
        image_url: null,
        url: null,
      },
      {
        id: 2 * i + 2,
        uuid: stableUuid(`box:${number}`),
        set_id: i + 1,
        kind: 'box',
        name: `${name} original box`,
        bricklink_id: number,
        image_url: null,
        url: null,
      },
    ]),
    SHARED_SCOPE,
  );
  await insertRows(
    trx,
    'minifigs',
    [
      {
        id: 1,
        uuid: stableUuid('minifig:police-officer'),
        name: 'Police Officer',
        rebrickable_id: null,
        bricklink_id: null,
        brickowl_id: null,
        theme_id: 3,
        image_url: null,
        num_parts: 4,
        year: 2022,
      },
    ],
    SHARED_SCOPE,
  );
  await insertRows(
    trx,
    'minifig_in_set',
    [{ id: 1, uuid: stableUuid('minifig_in_set:60312-1'), set_id: 2, minifig_id: 1, quantity: 1 }],
    SHARED_SCOPE,
  );

  // Every part comes in 2–4 colours; each such part-in-colour is an element.
  const mouldColours = new Map<number, number[]>();
  const elements: Record<string, unknown>[] = [];
  PART_MOULDS.forEach(([mouldId, name, number], i) => {
    const [rebrickable] = rebrickablePart(number, name);
    const count = rnd.int(2, 4);
    const start = rnd.int(0, PALETTE.length - 1);
    const colours = Array.from(
      { length: count },
      (_, k) => PALETTE[(start + k * 3) % PALETTE.length],
    );
    mouldColours.set(mouldId, colours);
    for (const colourId of colours) {
      const rb = COLOURS[colourId - 1][2];
      elements.push({
        id: elements.length + 1,
        uuid: stableUuid(`element:${number}:${rb}`),
        part_id: i + 1,
        colour_id: colourId,
        element_id: null,
        image_url: `${RB}/parts/ldraw/${rb}/${rebrickable}.png`,
      });
    }
  });
  await insertRows(trx, 'elements', elements, SHARED_SCOPE);
  // The creative brick box holds a handful of basic bricks.
  await insertRows(
    trx,
    'element_in_set',
    elements.slice(0, 12).map((e, i) => ({
      id: i + 1,
      uuid: stableUuid(`element_in_set:10696-1:${String(e.uuid)}`),
      set_id: 1,
      element_id: e.id,
      quantity: 4 + (i % 5) * 2,
      extra_quantity: i % 3 === 0 ? 1 : 0,
      is_alternate: 0,
    })),
    SHARED_SCOPE,
  );

  const partIndex = (mould: number) => PART_MOULDS.findIndex(([m]) => m === mould) + 1;
  await insertRows(
    trx,
    'part_relations',
    [
      ['M', 3794, 15573],
      ['A', 2780, 3673],
    ].map(([type, a, b], i) => ({
      id: i + 1,
      uuid: stableUuid(`relation:${type}:${a}:${b}`),
      rel_type: type,
      parent_part_id: partIndex(Number(a)),
      child_part_id: partIndex(Number(b)),
    })),
    SHARED_SCOPE,
  );

  await insertRows(
    trx,
    'moulds',
    [
      ...PART_MOULDS.map(([id, name, number, category], i) => ({
        id,
        type_id: 2,
        name,
        image_url: `${RB}/parts/ldraw/71/${number}.png`,
        bl_mold_id: number,
        rebrickable_id: number,
        brickbase_uuid: stableUuid(`part:${number}`),
        part_id: i + 1,
        category_id: category,
      })),
      ...SET_MOULDS.map(([id, name, number, theme, year, parts], i) => ({
        id,
        type_id: 1,
        name,
        image_url: `${RB}/sets/${number}.jpg`,
        bl_mold_id: number,
        rebrickable_id: number,
        brickbase_uuid: stableUuid(`set:${number}`),
        set_id: i + 1,
        theme_id: theme,
        year,
        num_parts_set: parts,
      })),
    ],
    SHARED_SCOPE,
  );

  await syncSequences(trx, [
    'colours',
    'categories',
    'themes',
    'parts',
    'sets',
    'set_documents',
    'minifigs',
    'minifig_in_set',
    'elements',
    'element_in_set',
    'part_relations',
    'moulds',
  ]);
  return {
    mouldColours,
    partMoulds: PART_MOULDS.map(([m]) => m),
    setMoulds: SET_MOULDS.map(([m]) => m),
  };
}
