import type { ImportContext } from './context';
import type { Fields } from './csv';
import * as E from './entities';
import { ImportError } from './source';
import type { Entity, Row } from './writer';

/** Whose inventory an inventories.csv id is. */
interface Owner {
  kind: 'set' | 'minifig';
  id: number;
}

/**
 * inventories.csv: a set or minifig may have several inventory versions; the lowest version
 * counts (the one the product was released with), the others are skipped.
 */
async function owners(ctx: ImportContext): Promise<Map<number, Owner>> {
  const best = new Map<string, { version: number; inventory: number; owner: Owner }>();
  for await (const f of ctx.records('inventories', ['id', 'version', 'set_num'])) {
    const inventory = f.int('id');
    const version = f.int('version');
    const num = f.text('set_num');
    const set = ctx.ids.sets.get(num);
    const fig = set === undefined ? ctx.ids.minifigs.get(num) : undefined;
    const owner: Owner | null =
      set !== undefined
        ? { kind: 'set', id: set }
        : fig !== undefined
          ? { kind: 'minifig', id: fig }
          : null;
    if (!owner) continue;
    const was = best.get(num);
    if (!was || version < was.version) best.set(num, { version, inventory, owner });
  }
  const map = new Map<number, Owner>();
  for (const b of best.values()) map.set(b.inventory, b.owner);
  // Rows of unknown sets and later inventory versions are not used.
  const counts = ctx.counts('inventories');
  counts.skipped = counts.read - map.size;
  return map;
}

/**
 * Reads a file of inventory lines, which Rebrickable writes grouped by inventory_id. Batches end
 * only between inventories, so every owner's lines are written (and its old lines diffed and
 * deleted) together; an inventory whose lines come back after another began is refused.
 */
async function grouped(
  ctx: ImportContext,
  file: string,
  columns: readonly string[],
  inventories: Map<number, Owner>,
  add: (owner: Owner, f: Fields) => boolean,
  flush: () => Promise<void>,
  pending: () => number,
): Promise<void> {
  const done = new Set<number>();
  let current: number | null = null;
  for await (const f of ctx.records(file, columns)) {
    const inventory = f.int('inventory_id');
    if (inventory !== current) {
      if (current !== null) done.add(current);
      if (done.has(inventory)) {
        throw new ImportError(
          `${f.fileName} line ${f.record.line}: the lines of inventory ${inventory} are not together`,
        );
      }
      current = inventory;
      if (pending() >= ctx.batchSize) await flush();
    }
    const owner = inventories.get(inventory);
    if (!owner || !add(owner, f)) ctx.counts(file).skipped++;
  }
  await flush();
}

/** Sums lines with the same key (a part listed twice in one inventory). */
class Lines {
  private readonly rows = new Map<string, Row>();
  constructor(private readonly entity: Entity) {}
  get size(): number {
    return this.rows.size;
  }
  add(row: Row, sums: readonly string[]): void {
    const key = this.entity.key.map((k) => String(row[k])).join('|');
    const had = this.rows.get(key);
    if (!had) this.rows.set(key, row);
    else for (const s of sums) had[s] = Number(had[s]) + Number(row[s]);
  }
  take(): Row[] {
    const out = [...this.rows.values()];
    this.rows.clear();
    return out;
  }
}

async function inventoryParts(ctx: ImportContext, inventories: Map<number, Owner>): Promise<void> {
  const file = 'inventory_parts';
  const inSets = new Lines(E.ElementInSet);
  const inFigs = new Lines(E.ElementInMinifig);
  // Parts in a colour elements.csv does not list: created at the next flush.
  let missing = new Map<string, Row>();
  const lines: { owner: Owner; element: string; quantity: number; spare: 0 | 1 }[] = [];
  const flush = async () => {
    if (missing.size > 0) {
      const made = await ctx.write(file, E.InventoryElements, [...missing.values()]);
      for (const [k, id] of made.ids) ctx.ids.elements.set(k, id);
      missing = new Map();
    }
    for (const l of lines) {
      const element = ctx.ids.elements.get(l.element)!;
      const counts = {
        quantity: l.spare ? 0 : l.quantity,
        extra_quantity: l.spare ? l.quantity : 0,
      };
      if (l.owner.kind === 'set') {
        inSets.add({ set_id: l.owner.id, element_id: element, is_alternate: 0, ...counts }, SUMS);
      } else {
        inFigs.add(
          { minifig_id: l.owner.id, element_id: element, is_alternate: 0, ...counts },
          SUMS,
        );
      }
    }
    lines.length = 0;
    if (inSets.size > 0) await ctx.write(file, E.ElementInSet, inSets.take());
    if (inFigs.size > 0) await ctx.write(file, E.ElementInMinifig, inFigs.take());
  };
  await grouped(
    ctx,
    file,
    ['inventory_id', 'part_num', 'color_id', 'quantity', 'is_spare'],
    inventories,
    (owner, f) => {
      const part = ctx.ids.parts.get(f.text('part_num'));
      const colour = ctx.ids.colours.get(f.int('color_id'));
      const quantity = f.int('quantity');
      const spare = f.flag('is_spare');
      if (quantity < 0)
        throw new ImportError(`${f.fileName} line ${f.record.line}: quantity is below 0`);
      if (part === undefined || colour === undefined) return false;
      const element = `${part}|${colour}`;
      if (!ctx.ids.elements.has(element) && !missing.has(element)) {
        missing.set(element, { part_id: part, colour_id: colour });
      }
      lines.push({ owner, element, quantity, spare });
      return true;
    },
    flush,
    () => lines.length,
  );
}

const SUMS = ['quantity', 'extra_quantity'] as const;

async function setLinks(
  ctx: ImportContext,
  inventories: Map<number, Owner>,
  file: 'inventory_sets' | 'inventory_minifigs',
): Promise<void> {
  const figs = file === 'inventory_minifigs';
  const entity = figs ? E.MinifigInSet : E.SetInSet;
  const childColumn = figs ? 'fig_num' : 'set_num';
  const lines = new Lines(entity);
  await grouped(
    ctx,
    file,
    ['inventory_id', childColumn, 'quantity'],
    inventories,
    (owner, f) => {
      const num = f.text(childColumn);
      const quantity = f.int('quantity');
      if (quantity < 0)
        throw new ImportError(`${f.fileName} line ${f.record.line}: quantity is below 0`);
      const child = figs ? ctx.ids.minifigs.get(num) : ctx.ids.sets.get(num);
      if (owner.kind !== 'set' || child === undefined) return false;
      lines.add(
        figs
          ? { set_id: owner.id, minifig_id: child, quantity }
          : { parent_set_id: owner.id, child_set_id: child, quantity },
        ['quantity'],
      );
      return true;
    },
    async () => {
      if (lines.size > 0) await ctx.write(file, entity, lines.take());
    },
    () => lines.size,
  );
}

/** Linking parts, minifigures and sets: the four inventory files. */
export async function importInventories(ctx: ImportContext): Promise<void> {
  const inventories = await owners(ctx);
  await inventoryParts(ctx, inventories);
  await setLinks(ctx, inventories, 'inventory_sets');
  await setLinks(ctx, inventories, 'inventory_minifigs');
}
