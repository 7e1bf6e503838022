import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { csvRecords } from './csv';
import { Fields } from './csv';
import { openDumpFile } from './source';
import { writeBatch, type Actor, type BatchResult, type Entity, type Row } from './writer';

/** What one file did: rows read, catalog rows created, updated and deleted, rows skipped. */
export interface FileCounts {
  read: number;
  created: number;
  updated: number;
  deleted: number;
  /** Rows naming something the dump does not hold (an unknown part, colour, set, …). */
  skipped: number;
}

/** Rebrickable ids → our row ids, learnt as the stages go (never file contents). */
export interface IdMaps {
  colours: Map<number, number>;
  themes: Map<number, number>;
  categories: Map<number, number>;
  sets: Map<string, number>;
  minifigs: Map<string, number>;
  parts: Map<string, number>;
  /** `partId|colourId` → elements.id */
  elements: Map<string, number>;
}

export class StoppedError extends Error {
  constructor() {
    super('The server stopped during the run');
  }
}

export class ImportContext {
  readonly ids: IdMaps = {
    colours: new Map(),
    themes: new Map(),
    categories: new Map(),
    sets: new Map(),
    minifigs: new Map(),
    parts: new Map(),
    elements: new Map(),
  };
  readonly files: Record<string, FileCounts> = {};

  constructor(
    readonly db: Kysely<Database>,
    readonly source: string,
    readonly actor: Actor,
    readonly signal: AbortSignal,
    /** Called after every batch: live progress (and the run's heartbeat). */
    readonly onProgress: () => Promise<void>,
    readonly batchSize = 2000,
  ) {}

  counts(file: string): FileCounts {
    return (this.files[file] ??= { read: 0, created: 0, updated: 0, deleted: 0, skipped: 0 });
  }

  checkStopped(): void {
    if (this.signal.aborted) throw new StoppedError();
  }

  /** Streams one dump file's records as field readers. */
  async *records(file: string, columns: readonly string[]): AsyncGenerator<Fields> {
    const opened = await openDumpFile(this.source, file, this.signal);
    const counts = this.counts(file);
    for await (const record of csvRecords(opened, columns)) {
      counts.read++;
      yield new Fields(opened.name, record);
    }
  }

  /** Writes one batch in its own transaction and adds its figures to the file's counts. */
  async write(file: string, entity: Entity, rows: Row[]): Promise<BatchResult> {
    this.checkStopped();
    const result = await this.db
      .transaction()
      .execute((trx) => writeBatch(trx, entity, rows, this.actor));
    const counts = this.counts(file);
    counts.created += result.created;
    counts.updated += result.updated;
    counts.deleted += result.deleted;
    await this.onProgress();
    return result;
  }

  /**
   * The simple file shape: each record maps to one row (or null: skipped), written in batches;
   * `learn` gets the ids of each batch's rows.
   */
  async importRows(
    file: string,
    columns: readonly string[],
    entity: Entity,
    map: (f: Fields) => Row | null,
    learn?: (ids: Map<string, number>, rows: Row[]) => void,
  ): Promise<void> {
    let batch: Row[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const result = await this.write(file, entity, batch);
      learn?.(result.ids, batch);
      batch = [];
    };
    for await (const f of this.records(file, columns)) {
      const row = map(f);
      if (row === null) this.counts(file).skipped++;
      else batch.push(row);
      if (batch.length >= this.batchSize) await flush();
    }
    await flush();
  }
}
