import { z } from 'zod';
import { id, text } from './fields';

/**
 * Merging, duplicating and backing up a project's batches (docs/projects.md). The duplicate
 * name checks live here so the Project screen and the server give the same messages.
 */

/**
 * How long the backup taken before a delete or a price update can be put back by the person
 * who made it (Undo); after that, or for any other backup, RESET is a digibrick manager's.
 */
export const UNDO_MINUTES = 15;

export const BatchMessages = {
  copyNameEmpty: (batch: string) => `Give a new name for the copy of batch ${batch}`,
  copyNameTaken: (name: string) => `Batch ${name} already exists`,
  copyNameTwice: (name: string) => `Batch ${name} is defined more than once`,
  mergeNoParent: 'Choose the batch to merge into',
  mergeNothing: 'Choose the batches to merge into this one',
  mergeItself: 'A batch cannot be merged into itself',
  claimedByOther: (batch: string) =>
    `Batch ${batch} is being edited by someone else; declaim it first`,
  backupNotFound: 'Backup not found',
  backupUnreadable: "This backup's data cannot be read",
  undoTooLate: `Only your own newest backup of the batch, made in the last ${UNDO_MINUTES} minutes, can be put back this way; a digibrick manager can RESET it from the Backups screen`,
  copyTooLarge: (trays: number) =>
    `These copies would hold ${thousands(trays)} trays; at most ${thousands(COPY_TRAYS_MAX)} trays are copied at once. Copy fewer batches, or fewer copies, at a time`,
  mergeTooLarge: (trays: number) =>
    `These batches hold ${thousands(trays)} trays; at most ${thousands(MERGE_TRAYS_MAX)} trays are moved by one merge. Merge fewer batches at a time`,
} as const;

/**
 * The most trays one duplicate request copies (the copies' trays added up). Copying is one
 * transaction, and on SQLite every other company's write waits for it: this many trays take well
 * under a second.
 */
export const COPY_TRAYS_MAX = 20_000;
/**
 * The most trays one merge moves (the trays of the batches merged into the parent, added up):
 * the move is one transaction too, so it is bounded like a copy.
 */
export const MERGE_TRAYS_MAX = 20_000;

/** 1234567 as "1,234,567". */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const MAX_BATCHES = 200;

/** Merge: the trays of `childs` move into `parent_id`; the emptied batches are removed. */
export const MergeBody = z.object({
  parent_id: id(),
  childs: z.array(id()).max(MAX_BATCHES),
});
export type MergeBody = z.input<typeof MergeBody>;

/** Duplicate: one copy of `parent_id` (its comments and trays) per entry, named `child_name`. */
export const DuplicateEntry = z.object({ parent_id: id(), child_name: text(200).default('') });
export const DuplicateBody = z.array(DuplicateEntry).min(1).max(MAX_BATCHES);
export type DuplicateBody = z.input<typeof DuplicateBody>;

/** Problems of a merge request, before anything is looked up. */
export function checkMerge(body: { parent_id: number; childs: readonly number[] }): string[] {
  if (body.childs.length === 0) return [BatchMessages.mergeNothing];
  if (body.childs.includes(body.parent_id)) return [BatchMessages.mergeItself];
  return [];
}

/**
 * Every problem with the names of the copies, in the order asked: each needs a name, which is
 * no batch's of the project (`takenNames`) and not given to another copy.
 */
export function checkDuplicateNames(
  copies: readonly { parentName: string; childName: string }[],
  takenNames: readonly string[],
): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const c of copies) seen.set(c.childName, (seen.get(c.childName) ?? 0) + 1);
  const reported = new Set<string>();
  for (const c of copies) {
    const name = c.childName;
    if (!name) problems.push(BatchMessages.copyNameEmpty(c.parentName));
    else if (takenNames.includes(name)) problems.push(BatchMessages.copyNameTaken(name));
    else if ((seen.get(name) ?? 0) > 1 && !reported.has(name)) {
      reported.add(name);
      problems.push(BatchMessages.copyNameTwice(name));
    }
  }
  return problems;
}

// Backups ---------------------------------------------------------------------------------

/**
 * One tray as a backup stores it: the tray's columns (price in thousandths of a euro), keyed by
 * its number in the batch. Reset matches trays by `tray_nr`.
 */
export const StoredTray = z
  .object({
    tray_id: z.number().int().optional(),
    tray_nr: z.number().int().positive(),
    item_id: z.number().int().nullable().optional(),
    mold_id: z.number().int().nullable().optional(),
    colour_id: z.number().int().nullable().optional(),
    condition: z.enum(['NEW', 'LIKE_NEW', 'GOOD', 'ACCEPTABLE']).nullable().optional(),
    quantity: z.number().int().min(0),
    price: z.number().int().min(0),
    status: z.enum(['ready for filling', 'missing', 'filled', 'uploaded', 'reserve']),
    accepted: z.union([z.literal(0), z.literal(1)]),
    is_public: z.union([z.literal(0), z.literal(1)]).optional(),
    comments: z.string().optional(),
    creator_user_id: z.number().int().nullable().optional(),
    date_of_creation: z.string().optional(),
    last_edit_user_id: z.number().int().nullable().optional(),
    date_of_last_edit: z.string().nullable().optional(),
    location_id: z.number().int().nullable().optional(),
    filled_by_user_id: z.number().int().nullable().optional(),
    filled_at: z.string().nullable().optional(),
  })
  .passthrough();
export type StoredTray = z.infer<typeof StoredTray>;
export const StoredTrays = z.array(StoredTray);

export const BackupCreateQuery = z.object({ batch_id: id() });
export const BackupCreateBody = z.object({ comments: text(4000).default('') });
export type BackupCreateBody = z.input<typeof BackupCreateBody>;

/** The project's backups, optionally only those of some batches (?batch_id=…, repeatable). */
export const BackupListQuery = z.object({
  project_id: id(),
  batch_id: z
    .union([id(), z.array(id()).max(MAX_BATCHES)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
});
export type BackupListQuery = z.input<typeof BackupListQuery>;
export const BackupResetQuery = z.object({ backup_id: id() });

export const BackupRow = z.object({
  backup_id: z.number().int(),
  batch_id: z.number().int(),
  batch_name: z.string(),
  date: z.string(),
  comments: z.string(),
  creator_name: z.string().nullable(),
  /** The stored trays, as JSON text. */
  json: z.string(),
  /**
   * What people read for the ids in the stored trays, as they are now: items (their number, the
   * readable id when set, and their mould's name), moulds, colours and users by id. An id that is
   * gone since is missing.
   */
  names: z.object({
    items: z.record(z.string(), z.object({ number: z.string(), name: z.string() })),
    moulds: z.record(z.string(), z.string()),
    colours: z.record(z.string(), z.string()),
    users: z.record(z.string(), z.string()),
  }),
});
export type BackupRow = z.infer<typeof BackupRow>;
export const BackupList = z.object({ results: z.array(BackupRow) });
export type BackupList = z.infer<typeof BackupList>;
