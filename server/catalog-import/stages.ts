import { CONTROLLER_STAGES, type BusyStatus } from '../../contract/controllers';
import type { ImportContext } from './context';
import * as E from './entities';
import { importInventories } from './inventories';
import { ImportError } from './source';
import type { Row } from './writer';

export interface Stage {
  status: BusyStatus;
  /** Said in the run's error text: '<label>: <what went wrong>'. */
  label: string;
  run(ctx: ImportContext): Promise<void>;
}

const RELATION_TYPES = new Set(['A', 'B', 'M', 'P', 'R', 'T']);

function learnNumber(map: Map<number, number>) {
  return (ids: Map<string, number>) => {
    for (const [k, id] of ids) map.set(Number(k), id);
  };
}
function learnText(map: Map<string, number>) {
  return (ids: Map<string, number>) => {
    for (const [k, id] of ids) map.set(k, id);
  };
}

async function themes(ctx: ImportContext): Promise<void> {
  // A theme whose parent comes later in the file waits until the file is read (few do).
  const waiting: { rb: number; name: string; parent: number }[] = [];
  const learn = learnNumber(ctx.ids.themes);
  await ctx.importRows(
    'themes',
    ['id', 'name', 'parent_id'],
    E.Themes,
    (f) => {
      const rb = f.int('id');
      const name = f.text('name');
      const parent = f.optionalInt('parent_id');
      if (parent !== null && !ctx.ids.themes.has(parent)) {
        waiting.push({ rb, name, parent });
        return null;
      }
      return {
        rebrickable_id: rb,
        name,
        parent_id: parent === null ? null : ctx.ids.themes.get(parent)!,
      };
    },
    learn,
  );
  const counts = ctx.counts('themes');
  counts.skipped -= waiting.length;
  // Parents first: each round writes the themes whose parent is known by now.
  while (waiting.length > 0) {
    const ready = waiting.filter((w) => ctx.ids.themes.has(w.parent));
    if (ready.length === 0) break;
    const rows: Row[] = ready.map((w) => ({
      rebrickable_id: w.rb,
      name: w.name,
      parent_id: ctx.ids.themes.get(w.parent)!,
    }));
    learn((await ctx.write('themes', E.Themes, rows)).ids);
    for (const r of ready) waiting.splice(waiting.indexOf(r), 1);
  }
  counts.skipped += waiting.length;
}

async function parts(ctx: ImportContext): Promise<void> {
  await ctx.importRows(
    'parts',
    ['part_num', 'name', 'part_cat_id'],
    E.Parts,
    (f) => {
      const category = f.optionalInt('part_cat_id');
      return {
        rebrickable_id: f.text('part_num'),
        name: f.text('name'),
        category_id: category === null ? null : (ctx.ids.categories.get(category) ?? null),
        material: f.optionalText('part_material'),
      };
    },
    learnText(ctx.ids.parts),
  );
}

async function elements(ctx: ImportContext): Promise<void> {
  await ctx.importRows(
    'elements',
    ['element_id', 'part_num', 'color_id'],
    E.Elements,
    (f) => {
      const elementId = f.text('element_id');
      const part = ctx.ids.parts.get(f.text('part_num'));
      const colour = ctx.ids.colours.get(f.int('color_id'));
      if (part === undefined || colour === undefined) return null;
      const key = `${part}|${colour}`;
      // A part in a colour may have several element numbers: the first one in the file is kept.
      if (ctx.ids.elements.has(key)) return null;
      ctx.ids.elements.set(key, 0);
      return { part_id: part, colour_id: colour, element_id: elementId };
    },
    learnText(ctx.ids.elements),
  );
}

async function relations(ctx: ImportContext): Promise<void> {
  await ctx.importRows(
    'part_relationships',
    ['rel_type', 'child_part_num', 'parent_part_num'],
    E.PartRelations,
    (f) => {
      const type = f.text('rel_type');
      if (!RELATION_TYPES.has(type)) {
        throw new ImportError(
          `${f.fileName} line ${f.record.line}: rel_type '${type}' is not one of A, B, M, P, R, T`,
        );
      }
      const child = ctx.ids.parts.get(f.text('child_part_num'));
      const parent = ctx.ids.parts.get(f.text('parent_part_num'));
      if (child === undefined || parent === undefined) return null;
      return { rel_type: type, parent_part_id: parent, child_part_id: child };
    },
  );
}

const RUNNERS: Record<BusyStatus, (ctx: ImportContext) => Promise<void>> = {
  busy_colours: (ctx) =>
    ctx.importRows(
      'colors',
      ['id', 'name', 'rgb', 'is_trans'],
      E.Colours,
      (f) => ({
        rebrickable_id: f.int('id'),
        name: f.text('name'),
        hex: f.text('rgb').toUpperCase(),
        is_transparent: f.flag('is_trans'),
      }),
      learnNumber(ctx.ids.colours),
    ),
  busy_themes: themes,
  busy_category: (ctx) =>
    ctx.importRows(
      'part_categories',
      ['id', 'name'],
      E.Categories,
      (f) => ({ rebrickable_id: f.int('id'), name: f.text('name') }),
      learnNumber(ctx.ids.categories),
    ),
  busy_sets: (ctx) =>
    ctx.importRows(
      'sets',
      ['set_num', 'name', 'year', 'theme_id', 'num_parts', 'img_url'],
      E.Sets,
      (f) => {
        const theme = f.optionalInt('theme_id');
        return {
          rebrickable_id: f.text('set_num'),
          name: f.text('name'),
          year: f.optionalInt('year'),
          theme_id: theme === null ? null : (ctx.ids.themes.get(theme) ?? null),
          num_parts: f.optionalInt('num_parts'),
          image_url: f.optionalText('img_url'),
        };
      },
      learnText(ctx.ids.sets),
    ),
  busy_minifigs: (ctx) =>
    ctx.importRows(
      'minifigs',
      ['fig_num', 'name', 'num_parts', 'img_url'],
      E.Minifigs,
      (f) => ({
        rebrickable_id: f.text('fig_num'),
        name: f.text('name'),
        num_parts: f.optionalInt('num_parts'),
        image_url: f.optionalText('img_url'),
      }),
      learnText(ctx.ids.minifigs),
    ),
  busy_parts: parts,
  busy_elements: elements,
  busy_relations: relations,
  busy_inventory: importInventories,
};

/** The stages in the order a run goes through them; each names its status on the run. */
export const STAGES: Stage[] = CONTROLLER_STAGES.map(([status, label]) => ({
  status,
  label,
  run: RUNNERS[status],
}));
