import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  CATEGORIES,
  COLOURS,
  isTransparentColour,
  PART_MOULDS,
  rebrickablePart,
  REBRICKABLE_MEDIA,
  SET_MOULDS,
  THEMES,
} from '../seed-demo-domain/catalog-data';

/**
 * A small catalog dump in Rebrickable's download format (every file `<name>.csv.gz`, the columns
 * the importer reads), written from the demo catalog: its colours, categories, themes, parts,
 * sets and part relations under their Rebrickable numbers and names, plus a few parts the demo
 * lacks and one part Rebrickable has renamed. Imported into a demo install, the demo's rows are
 * matched, DEMO_SAMPLE.newParts are new and DEMO_SAMPLE.renamed is the one change.
 */
export const DEMO_SAMPLE = {
  /** [part number, name, Rebrickable category id] */
  newParts: [
    ['2465', 'Brick 1 x 16', 11],
    ['3035', 'Plate 4 x 8', 14],
    ['3036', 'Plate 6 x 8', 14],
    ['3030', 'Plate 4 x 10', 14],
  ] as [string, string, number][],
  renamed: { part: '2431', from: 'Tile 1 x 4', to: 'Tile 1 x 4 with Groove' },
};

export interface DemoSampleCounts {
  colours: number;
  categories: number;
  themes: number;
  parts: number;
  sets: number;
  relations: number;
}

const field = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

function write(dir: string, file: string, header: string, rows: (string | number | null)[][]) {
  const text = [header, ...rows.map((r) => r.map(field).join(','))].join('\n') + '\n';
  writeFileSync(join(dir, `${file}.csv.gz`), gzipSync(text));
}

/** Writes the dump into `dir` (created if need be) and says how many rows each file holds. */
export function writeDemoSample(dir: string): DemoSampleCounts {
  mkdirSync(dir, { recursive: true });
  write(
    dir,
    'colors',
    'id,name,rgb,is_trans',
    COLOURS.map(([name, , rb, hex]) => [rb, name, hex, isTransparentColour(name) ? 't' : 'f']),
  );
  // Only rows whose Rebrickable id the demo knows: the others are the demo's own.
  const categories = CATEGORIES.filter(([, , rb]) => rb !== null);
  write(
    dir,
    'part_categories',
    'id,name',
    categories.map(([name, , rb]) => [rb, name]),
  );
  const themeId = (index: number | null) => (index === null ? null : THEMES[index - 1][2]);
  const themes = THEMES.filter(([, parent, rb]) => rb !== null && (!parent || themeId(parent)));
  write(
    dir,
    'themes',
    'id,name,parent_id',
    themes.map(([name, parent, rb]) => [rb, name, themeId(parent)]),
  );
  const parts = PART_MOULDS.flatMap(([, blName, number, category]) => {
    const categoryId = CATEGORIES[category - 1][2];
    if (categoryId === null) return [];
    const [rb, name] = rebrickablePart(number, blName);
    const renamed = rb === DEMO_SAMPLE.renamed.part ? DEMO_SAMPLE.renamed.to : name;
    return [[rb, renamed, categoryId, 'Plastic']];
  });
  for (const [number, name, category] of DEMO_SAMPLE.newParts) {
    parts.push([number, name, category, 'Plastic']);
  }
  write(dir, 'parts', 'part_num,name,part_cat_id,part_material', parts);
  const sets = SET_MOULDS.flatMap(([, name, number, theme, year, count]) => {
    const theme_id = themeId(theme);
    if (theme_id === null) return [];
    return [[number, name, year, theme_id, count, `${REBRICKABLE_MEDIA}/sets/${number}.jpg`]];
  });
  write(dir, 'sets', 'set_num,name,year,theme_id,num_parts,img_url', sets);
  const rbNumber = (mould: number) => {
    const [, name, number] = PART_MOULDS.find(([m]) => m === mould)!;
    return rebrickablePart(number, name)[0];
  };
  // The demo's relations: 15573 is a mould variant of 3794b, 3673 an alternate of 2780.
  const relations = [
    ['M', rbNumber(15573), rbNumber(3794)],
    ['A', rbNumber(3673), rbNumber(2780)],
  ];
  write(dir, 'part_relationships', 'rel_type,child_part_num,parent_part_num', relations);
  // The demo's elements have no numbers and its minifig none on Rebrickable: these stay empty, so
  // the import leaves the demo's elements and inventories as they are.
  write(dir, 'elements', 'element_id,part_num,color_id,design_id', []);
  write(dir, 'minifigs', 'fig_num,name,num_parts,img_url', []);
  write(dir, 'inventories', 'id,version,set_num', []);
  write(dir, 'inventory_parts', 'inventory_id,part_num,color_id,quantity,is_spare,img_url', []);
  write(dir, 'inventory_sets', 'inventory_id,set_num,quantity', []);
  write(dir, 'inventory_minifigs', 'inventory_id,fig_num,quantity', []);
  return {
    colours: COLOURS.length,
    categories: categories.length,
    themes: themes.length,
    parts: parts.length,
    sets: sets.length,
    relations: relations.length,
  };
}
