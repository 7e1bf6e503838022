import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';

/**
 * A synthetic Rebrickable-format catalog dump of the real catalog's size, for the import bench:
 * at scale 1, 62k parts, 109k elements, 26k sets, 17k minifigs and 1.3M inventory lines
 * (inventory_parts, inventory_minifigs, inventory_sets), with the real file and column names and
 * consistent ids (every reference names a row of the dump; inventory lines grouped by inventory).
 * The big files are gzipped as Rebrickable serves them. Written as a stream: never held whole.
 * It builds its own catalog: every number lies outside Rebrickable's (part, set, minifig and
 * element numbers start with 'bench', colour, theme and category ids from 100,000), so imported
 * into a catalog that holds real rows (the demo's) it only adds rows and renames none.
 */
export interface DumpSize {
  colours: number;
  themes: number;
  categories: number;
  parts: number;
  elements: number;
  relations: number;
  sets: number;
  minifigs: number;
  inventoryParts: number;
  inventoryMinifigs: number;
  inventorySets: number;
}

export function dumpSize(scale: number): DumpSize {
  const n = (full: number, min = 1) => Math.max(min, Math.round(full * scale));
  return {
    colours: Math.min(270, n(270, 10)),
    themes: n(470, 5),
    categories: Math.min(70, n(70, 5)),
    parts: n(62_000, 20),
    elements: n(109_000, 30),
    relations: n(30_000, 5),
    sets: n(26_000, 5),
    minifigs: n(17_000, 5),
    inventoryParts: n(1_250_000, 50),
    inventoryMinifigs: n(40_000, 5),
    inventorySets: n(10_000, 2),
  };
}

/** mulberry32: the same dump on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return (max: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

/** Writes lines to `<file>.csv` or `<file>.csv.gz`, waiting for the disk when it falls behind. */
async function writeCsv(
  dir: string,
  file: string,
  header: string,
  count: number,
  line: (i: number) => string,
  gzip = false,
): Promise<void> {
  const out = createWriteStream(join(dir, `${file}.csv${gzip ? '.gz' : ''}`));
  let sink: Writable = out;
  if (gzip) {
    const gz = createGzip({ level: 1 });
    gz.pipe(out);
    sink = gz;
  }
  let chunk = `${header}\n`;
  for (let i = 0; i < count; i++) {
    chunk += `${line(i)}\n`;
    if (chunk.length > 1 << 16) {
      if (!sink.write(chunk)) await once(sink, 'drain');
      chunk = '';
    }
  }
  sink.end(chunk);
  await once(out, 'close');
}

/** Where the dump's own colour, theme and category ids begin (Rebrickable's are far below). */
const OWN_IDS = 100_000;
const WORDS = ['Brick', 'Plate', 'Tile', 'Slope', 'Technic Beam', 'Wedge', 'Panel', 'Bracket'];
const csvText = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Writes the dump into `dir` and returns its sizes. */
export async function writeCatalogDump(
  dir: string,
  opts: { scale?: number } = {},
): Promise<DumpSize> {
  const size = dumpSize(opts.scale ?? 1);
  const rnd = random(62_000);
  mkdirSync(dir, { recursive: true });
  const colourId = (i: number) => OWN_IDS + i;
  const themeId = (i: number) => OWN_IDS + i + 1;
  const categoryId = (i: number) => OWN_IDS + i + 1;
  const partNum = (i: number) => (i % 5 === 0 ? `bench${i}pr${i % 97}` : `bench${i}`);
  const setNum = (i: number) => `bench${i}-1`;
  const figNum = (i: number) => `fig-bench${String(i + 1).padStart(6, '0')}`;

  await writeCsv(dir, 'colors', 'id,name,rgb,is_trans,num_parts,y1,y2', size.colours, (i) => {
    const rgb = ((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6).toUpperCase();
    return `${colourId(i)},Colour ${i},${rgb},${i % 9 === 0 ? 't' : 'f'},${i * 10},1950,2025`;
  });
  await writeCsv(dir, 'themes', 'id,name,parent_id', size.themes, (i) =>
    [themeId(i), csvText(`Theme ${i + 1}, series ${i % 7}`), i > 20 ? themeId(i % 20) : ''].join(
      ',',
    ),
  );
  await writeCsv(
    dir,
    'part_categories',
    'id,name',
    size.categories,
    (i) => `${categoryId(i)},Category ${i + 1}`,
  );
  await writeCsv(
    dir,
    'parts',
    'part_num,name,part_cat_id,part_material',
    size.parts,
    (i) =>
      `${partNum(i)},${csvText(`${WORDS[i % WORDS.length]} ${1 + (i % 6)} x ${1 + (i % 12)} "${i}"`)},${categoryId(i % size.categories)},Plastic`,
    true,
  );
  // Element k: part k mod parts in a colour that differs per round, so part+colour pairs are unique.
  const elementPart = (k: number) => k % size.parts;
  const elementColour = (k: number) =>
    colourId((Math.floor(k / size.parts) * 37 + elementPart(k) * 7) % size.colours);
  await writeCsv(
    dir,
    'elements',
    'element_id,part_num,color_id,design_id',
    size.elements,
    (k) => `bench${k},${partNum(elementPart(k))},${elementColour(k)},${partNum(elementPart(k))}`,
    true,
  );
  const relTypes = ['P', 'M', 'A', 'T', 'B', 'R'];
  await writeCsv(
    dir,
    'part_relationships',
    'rel_type,child_part_num,parent_part_num',
    size.relations,
    (i) => {
      const child = (i * 3 + 1) % size.parts;
      const parent = (child + 1 + (i % 17)) % size.parts;
      return `${relTypes[i % relTypes.length]},${partNum(child)},${partNum(parent)}`;
    },
  );
  await writeCsv(dir, 'sets', 'set_num,name,year,theme_id,num_parts,img_url', size.sets, (i) =>
    [
      setNum(i),
      csvText(`Set ${i}, with "${WORDS[i % 8]}s"`),
      1970 + (i % 56),
      themeId(i % size.themes),
      10 + (i % 900),
      `https://cdn.example/sets/${setNum(i)}.jpg`,
    ].join(','),
  );
  await writeCsv(dir, 'minifigs', 'fig_num,name,num_parts,img_url', size.minifigs, (i) =>
    [figNum(i), `Minifig ${i}`, 3 + (i % 5), `https://cdn.example/figs/${figNum(i)}.jpg`].join(','),
  );
  // Inventories: one per set (1..sets), one per minifig after them, and a later version of every
  // 50th set (not used by the import).
  const later = Math.floor(size.sets / 50);
  const inventories = size.sets + size.minifigs + later;
  await writeCsv(dir, 'inventories', 'id,version,set_num', inventories, (i) => {
    if (i < size.sets) return `${i + 1},1,${setNum(i)}`;
    if (i < size.sets + size.minifigs) return `${i + 1},1,${figNum(i - size.sets)}`;
    return `${i + 1},2,${setNum((i - size.sets - size.minifigs) * 50)}`;
  });
  // Lines spread over set and minifig inventories in order, so each inventory's lines are together.
  const owners = size.sets + size.minifigs;
  await writeCsv(
    dir,
    'inventory_parts',
    'inventory_id,part_num,color_id,quantity,is_spare,img_url',
    size.inventoryParts,
    (i) => {
      const inventory = Math.floor((i * owners) / size.inventoryParts) + 1;
      const k = rnd(size.elements);
      return `${inventory},${partNum(elementPart(k))},${elementColour(k)},${1 + rnd(8)},${rnd(20) === 0 ? 't' : 'f'},`;
    },
    true,
  );
  await writeCsv(
    dir,
    'inventory_minifigs',
    'inventory_id,fig_num,quantity',
    size.inventoryMinifigs,
    (i) => {
      const inventory = Math.floor((i * size.sets) / size.inventoryMinifigs) + 1;
      return `${inventory},${figNum(rnd(size.minifigs))},${1 + rnd(3)}`;
    },
  );
  await writeCsv(
    dir,
    'inventory_sets',
    'inventory_id,set_num,quantity',
    size.inventorySets,
    (i) => {
      const inventory = Math.floor((i * size.sets) / size.inventorySets) + 1;
      return `${inventory},${setNum((inventory + 1 + rnd(100)) % size.sets)},1`;
    },
  );
  return size;
}
