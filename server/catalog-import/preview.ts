import type { Kysely } from 'kysely';
import {
  PREVIEW_FILES,
  type ControllerPreview,
  type PreviewFile,
} from '../../contract/controllers';
import type { Database } from '../db/schema';
import { ImportContext } from './context';
import { ImportError } from './source';
import { STAGES } from './stages';
import {
  keyOf,
  planBatch,
  type BatchResult,
  type Changes,
  type Entity,
  type Row,
  type Stored,
  type Value,
} from './writer';

/** The stages the preview runs: every one before the relations and the inventories. */
const PREVIEW_STAGES = STAGES.filter(
  (s) => s.status !== 'busy_relations' && s.status !== 'busy_inventory',
);
/** Changed rows shown per file. */
const EXAMPLES = 5;
/** The table a reference column points into. */
const REFERENCES: Record<string, keyof Database & string> = {
  category_id: 'categories',
  theme_id: 'themes',
  part_id: 'parts',
  colour_id: 'colours',
};

interface Example {
  entity: Entity;
  row: Stored;
  changes: Changes;
}

/**
 * An import run that writes nothing: each batch is compared with the catalog (the run's own
 * comparison), rows the run would create get made-up negative ids so the later files can refer to
 * them, and a few changed rows per file are kept to show.
 */
class PreviewContext extends ImportContext {
  private readonly unchanged = new Map<string, number>();
  private readonly examples = new Map<string, { renamed: Example[]; other: Example[] }>();
  /** `table:id` → how a row is named in the preview (a part by number, others by name). */
  private readonly labels = new Map<string, string>();
  private madeUp = 0;

  constructor(db: Kysely<Database>, source: string, signal: AbortSignal) {
    super(db, source, { runId: 0, userId: null, name: '' }, signal, () => Promise.resolve());
  }

  override async write(file: string, entity: Entity, rows: Row[]): Promise<BatchResult> {
    this.checkStopped();
    const plan = await planBatch(this.db, entity, rows);
    const counts = this.counts(file);
    counts.created += plan.inserts.length;
    counts.updated += plan.updates.length;
    counts.deleted += plan.deletes.length;
    this.unchanged.set(file, (this.unchanged.get(file) ?? 0) + plan.unchanged);
    const ids = new Map(plan.ids);
    for (const row of plan.inserts) ids.set(keyOf(entity, row), --this.madeUp);
    for (const row of rows) {
      const id = ids.get(keyOf(entity, row));
      const label = entity.table === 'parts' ? row.rebrickable_id : row.name;
      if (id !== undefined && label != null)
        this.labels.set(`${entity.table}:${id}`, String(label));
    }
    const kept = this.examples.get(file) ?? { renamed: [], other: [] };
    this.examples.set(file, kept);
    for (const u of plan.updates) {
      const list = 'name' in u.changes ? kept.renamed : kept.other;
      if (list.length < EXAMPLES) list.push({ entity, row: u.row, changes: u.changes });
    }
    return { created: plan.inserts.length, updated: plan.updates.length, deleted: 0, ids };
  }

  /** A referenced row's label: learnt from the dump, else read from the catalog. */
  private async label(table: string, id: number): Promise<string> {
    const key = `${table}:${id}`;
    let label = this.labels.get(key);
    if (label === undefined) {
      const column = table === 'parts' ? 'rebrickable_id' : 'name';
      const row = await (this.db as unknown as Kysely<Record<string, Record<string, Value>>>)
        .selectFrom(table)
        .select(column)
        .where('id', '=', id)
        .executeTakeFirst();
      label = row?.[column] == null ? `#${id}` : String(row[column]);
      this.labels.set(key, label);
    }
    return label;
  }

  private async shown(entity: Entity, column: string, value: Value): Promise<string | null> {
    if (value === null) return null;
    const table = column === 'parent_id' ? entity.table : REFERENCES[column];
    return table ? this.label(table, Number(value)) : String(value);
  }

  private async item(e: Example): Promise<string> {
    if (e.entity.table !== 'elements') return String(e.row.rebrickable_id);
    const part = await this.label('parts', Number(e.row.part_id));
    return `${part} in ${await this.label('colours', Number(e.row.colour_id))}`;
  }

  async summary(): Promise<PreviewFile[]> {
    const files: PreviewFile[] = [];
    for (const [file] of PREVIEW_FILES) {
      const counts = this.files[file];
      if (!counts) continue;
      const kept = this.examples.get(file) ?? { renamed: [], other: [] };
      const examples = [];
      for (const e of [...kept.renamed, ...kept.other].slice(0, EXAMPLES)) {
        const changes = [];
        for (const [field, c] of Object.entries(e.changes)) {
          const [old, now] = [
            await this.shown(e.entity, field, c.old),
            await this.shown(e.entity, field, c.new),
          ];
          changes.push({ field, old, new: now });
        }
        examples.push({ item: await this.item(e), changes });
      }
      files.push({
        file,
        read: counts.read,
        created: counts.created,
        updated: counts.updated,
        unchanged: this.unchanged.get(file) ?? 0,
        skipped: counts.skipped,
        examples,
      });
    }
    return files;
  }
}

/**
 * What a run of the dump would change in the catalog, per file up to the parts in colours: rows
 * new, changed and unchanged, and a few changed rows. Reads the dump and the catalog, writes
 * nothing. A bad dump is told in `error` (as the run would fail), with the files read before it.
 */
export async function previewCatalogImport(
  db: Kysely<Database>,
  source: string,
  signal: AbortSignal,
): Promise<ControllerPreview> {
  const ctx = new PreviewContext(db, source, signal);
  let error: string | null = null;
  let stage = PREVIEW_STAGES[0];
  try {
    for (stage of PREVIEW_STAGES) {
      ctx.checkStopped();
      await stage.run(ctx);
    }
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    error = `${stage.label}: ${err.message}`;
  }
  return { files: await ctx.summary(), error };
}
