import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { withId } from '../db/dialect';
import type { DialectName } from '../db';
import type { Database } from '../db/schema';
import { defineCollection, registerCollection } from '../sync/collections';
import { defineMutation, MutationRejected, registerMutation } from '../sync/mutations';
import { recordTombstone } from '../sync/version';
import { createTestApp, loginAs, type TestApp, type TestAppOptions } from './helpers';
import { syncDevice } from './sync-device';

/**
 * A tiny synced table for the engine's own tests and benchmark, so they do not depend on the
 * domain modules: notes with a company, a text and a version.
 */
export interface NoteRow {
  id: number;
  company_id: number;
  text: string;
  version: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table outside the app schema
type AnyDb = Kysely<any>;
const notes = (db: Kysely<Database>) => db as unknown as AnyDb;

export async function createNotesTable(db: Kysely<Database>): Promise<void> {
  const d = db as unknown as Kysely<unknown>;
  await withId(d, d.schema.createTable('sync_test_notes').ifNotExists())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

/** Server faults to inject: the next `times` applies of note.add.v1 with `text` throw. */
export const noteFaults: { text: string | null; times: number } = { text: null, times: 0 };

export const addNote = defineMutation({
  name: 'note.add.v1',
  roles: ['picker', 'admin'],
  args: z.object({
    text: z.string().min(1).max(200),
    delay_ms: z.number().int().max(200).optional(),
  }),
  async apply(trx, ctx, args) {
    const version = await ctx.version();
    if (args.delay_ms) await new Promise((r) => setTimeout(r, args.delay_ms));
    if (noteFaults.text === args.text && noteFaults.times > 0) {
      noteFaults.times -= 1;
      throw new Error('injected server fault');
    }
    // Written before the check so a rejection proves the effect is rolled back.
    await notes(trx)
      .insertInto('sync_test_notes')
      .values({ company_id: ctx.companyId, text: args.text, version })
      .execute();
    if (args.text === 'refuse me')
      throw new MutationRejected('note_refused', 'This note is refused.');
  },
});

export const deleteNote = defineMutation({
  name: 'note.delete.v1',
  roles: ['warehouse_manager', 'admin'],
  args: z.object({ id: z.number().int() }),
  async apply(trx, ctx, args) {
    const version = await ctx.version();
    const res = await notes(trx)
      .deleteFrom('sync_test_notes')
      .where('id', '=', args.id)
      .where('company_id', '=', ctx.companyId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0)
      throw new MutationRejected('note_missing', 'No such note.');
    await recordTombstone(trx, ctx.companyId, 'notes', args.id, version);
  },
});

/** Appends `suffix` to each note of `ids`, in that order, waiting `delay_ms` after each. */
export const editNotes = defineMutation({
  name: 'note.edit.v1',
  roles: ['picker', 'admin'],
  args: z.object({
    ids: z.array(z.number().int()).max(10),
    suffix: z.string().max(20),
    delay_ms: z.number().int().max(200).optional(),
  }),
  async apply(trx, ctx, args) {
    const version = await ctx.version();
    for (const id of args.ids) {
      await notes(trx)
        .updateTable('sync_test_notes')
        .set((eb) => ({ text: eb('text', '||', args.suffix), version }))
        .where('id', '=', id)
        .where('company_id', '=', ctx.companyId)
        .execute();
      if (args.delay_ms) await new Promise((r) => setTimeout(r, args.delay_ms));
    }
  },
});

export const notesCollection = defineCollection({
  name: 'notes',
  roles: ['picker', 'admin', 'warehouse_manager'],
  table: 'sync_test_notes',
  key: 'id',
  select: (db, companyId) =>
    notes(db)
      .selectFrom('sync_test_notes')
      .select(['id', 'text', 'version'])
      .where('company_id', '=', companyId),
});

/** Same rows, managers only (for the 403 test); default select. */
export const managedNotesCollection = defineCollection({
  name: 'notes_managed',
  roles: ['warehouse_manager'],
  table: 'sync_test_notes',
  key: 'id',
});

export function registerNotes(): void {
  registerMutation(addNote, deleteNote, editNotes);
  registerCollection(notesCollection, managedNotesCollection);
}

export async function noteTexts(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const rows = await notes(db)
    .selectFrom('sync_test_notes')
    .select('text')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  return rows.map((r: { text: string }) => r.text);
}

export async function noteIds(
  db: Kysely<Database>,
  companyId: number,
): Promise<Map<string, number>> {
  const rows: { id: number; text: string }[] = await notes(db)
    .selectFrom('sync_test_notes')
    .select(['id', 'text'])
    .where('company_id', '=', companyId)
    .execute();
  return new Map(rows.map((r) => [r.text, r.id]));
}

/**
 * The sync engine suites' world: the notes registered, a test app on `dialect` with their table,
 * sessions of the demo picker and warehouse manager and of the other company's admin, and a
 * device syncing with the app.
 */
export function notesSuite(dialect: DialectName, opts: TestAppOptions = {}) {
  registerNotes();
  const s = {} as { t: TestApp; picker: string; manager: string; other: string };
  beforeAll(async () => {
    s.t = await createTestApp(dialect, {}, opts);
    await createNotesTable(s.t.app.db);
    s.picker = await loginAs(s.t.app, 'picker@demo.test');
    s.manager = await loginAs(s.t.app, 'warehouse@demo.test');
    s.other = await loginAs(s.t.app, 'admin@other.test');
  });
  afterAll(() => s.t.close());
  return Object.assign(s, { device: syncDevice(() => s.t) });
}
