import { z } from 'zod';
import { SharedMessages } from './shared-messages';
import { id, text } from './fields';

/**
 * Digitizing projects and their batches (docs/projects.md). The form checks live here so the
 * screens and the server give the same messages for the same input; the server answers every
 * failed check at once as a 400 with one `errors[].detail` per message.
 */

export const PROJECT_STATUSES = ['in progress', 'is archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const BATCH_STATUSES = [
  'being reviewed',
  'in progress',
  'ready for filling',
  'filled',
  'uploaded',
  'completed',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** Both lists open on this status. */
export const DEFAULT_STATUS_FILTER = 'in progress';

export const CONDITIONS = {
  NEW: 'New',
  LIKE_NEW: 'Like new',
  GOOD: 'Good',
  ACCEPTABLE: 'Acceptable',
};
export type Condition = keyof typeof CONDITIONS;

export const ProjectMessages = {
  nameEmpty: 'Give a project name please',
  nameTaken: 'This project name already exists',
  conditionEmpty: 'Select a condition please',
  descriptionEmpty: 'Give description please',
  purposeEmpty: 'Give a purpose please',
  mainPrice: 'The main price is not a number',
  time: 'The time is not a number',
  otherHours: 'The other hours is not a number',
  otherPrice: 'The other price is not a number',
  // Updating a project
  sortingTime: 'The sorting time is not a number',
  additionalTime: 'The additional time is not a number',
  nameEmptyUpdate: SharedMessages.giveAName,
  contentEmpty: 'Give a content please',
  // Batches
  batchNameEmpty: SharedMessages.giveAName,
  batchNameTaken: SharedMessages.nameTakenInProject,
  digitizingTime: 'The digitizing time is not a number',
  warehouseTime: 'The warehouse time is not a number',
  // Beyond the form checks
  tooLarge: (what: string, max: number) => `${what} must be between 0 and ${max}`,
  conditionNotFound: SharedMessages.conditionNotFound,
  projectNotFound: 'Project not found',
  batchNotFound: SharedMessages.batchNotFound,
  notClaimed: 'This batch is not claimed by anyone',
  /**
   * 'ready for filling' refused: trays without an item (a filler cannot fill them). Names up to
   * 50 tray numbers, then how many more.
   */
  traysWithoutItem: (trayNrs: readonly number[]) => {
    const shown = trayNrs.slice(0, 50).join(', ');
    const more = trayNrs.length > 50 ? ` and ${trayNrs.length - 50} more` : '';
    return trayNrs.length === 1
      ? `Tray ${shown} has no item yet: choose its variant before the batch is ready for filling`
      : `Trays ${shown}${more} have no item yet: choose their variants before the batch is ready for filling`;
  },
} as const;

/** The largest price (euro) and number of hours a form accepts. */
export const PRICE_MAX = 2_000_000;
export const HOURS_MAX = 1_000_000;

/**
 * A form number: a JSON number or the text typed (a comma may be the decimal mark; empty is 0),
 * fixed to two decimals. Null when it is not a number.
 */
export function formNumber(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined) return 0;
  const s = typeof v === 'number' ? String(v) : v.trim().replace(',', '.');
  if (s === '') return 0;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? twoDecimals(n) : null;
}

/** Rounds half up on the decimal digits as written (1.005 is 1.01, not 1.00). */
export function twoDecimals(n: number): number {
  const shifted = Number(`${n}e2`);
  return Math.round(Number.isNaN(shifted) ? n * 100 : shifted) / 100;
}

const formValue = z.union([z.number(), text(40)]).optional();
const formText = (max = 4000) => text(max).default('');

/** The project form: what creating sends, and (with project_id) what updating sends. */
export const ProjectForm = z.object({
  name: formText(200),
  condition: formText(20),
  content: formText(),
  purpose: formText(),
  comments: formText(),
  main_purchase_price: formValue,
  other_purchase_price: formValue,
  sorting_hours: formValue,
  other_hours: formValue,
});
export type ProjectForm = z.input<typeof ProjectForm>;
export const ProjectUpdate = ProjectForm.extend({ project_id: id() });
export type ProjectUpdate = z.input<typeof ProjectUpdate>;

export interface ProjectValues {
  name: string;
  condition: string;
  content: string;
  purpose: string;
  comments: string;
  main_purchase_price: number;
  other_purchase_price: number;
  sorting_hours: number;
  other_hours: number;
}

/** Field errors of the form's shape (too long, NUL), one message per field. */
function issues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

type Checked<T> = { ok: true; values: T } | { ok: false; problems: string[] };

function numbers<K extends string>(
  form: Partial<Record<K, number | string>>,
  fields: [K, string, number][],
  problems: string[],
): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const [key, message, max] of fields) {
    const n = formNumber(form[key]);
    if (n === null) problems.push(message);
    else if (n < 0 || n > max)
      problems.push(ProjectMessages.tooLarge(message.split(' is ')[0], max));
    else out[key] = n;
  }
  return out;
}

/**
 * Checks a project form. `takenNames` are the names of the company's other projects. Creating
 * and updating word some messages differently; both check every number.
 */
export function checkProject(
  raw: ProjectForm,
  mode: 'create' | 'update',
  takenNames: readonly string[],
): Checked<ProjectValues> {
  const parsed = ProjectForm.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: issues(parsed.error) };
  const f = parsed.data;
  const problems: string[] = [];
  const M = ProjectMessages;
  const create = mode === 'create';
  if (!f.name) problems.push(create ? M.nameEmpty : M.nameEmptyUpdate);
  else if (takenNames.includes(f.name)) problems.push(M.nameTaken);
  if (!f.condition) problems.push(M.conditionEmpty);
  else if (!(f.condition in CONDITIONS)) problems.push(M.conditionNotFound);
  if (!f.content) problems.push(create ? M.descriptionEmpty : M.contentEmpty);
  if (!f.purpose) problems.push(M.purposeEmpty);
  const n = numbers(
    f,
    [
      ['main_purchase_price', M.mainPrice, PRICE_MAX],
      ['other_purchase_price', M.otherPrice, PRICE_MAX],
      ['sorting_hours', create ? M.time : M.sortingTime, HOURS_MAX],
      ['other_hours', create ? M.otherHours : M.additionalTime, HOURS_MAX],
    ],
    problems,
  );
  if (problems.length) return { ok: false, problems };
  return { ok: true, values: { ...f, ...n } };
}

/** Who made a row and when, and who edited it last and when (null: not edited since). */
const EditStamps = {
  creator_user_id: z.number().int().nullable(),
  date_of_creation: z.string(),
  last_edit_user_id: z.number().int().nullable(),
  date_of_last_edit: z.string().nullable(),
};

export const ProjectRow = z.object({
  project_id: z.number().int(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  condition: z.string(),
  content: z.string(),
  purpose: z.string(),
  comments: z.string(),
  /** Euro, two decimals. */
  main_purchase_price: z.number(),
  other_purchase_price: z.number(),
  sorting_hours: z.number(),
  other_hours: z.number(),
  digitizing_hours: z.number(),
  warehouse_hours: z.number(),
  /** The worth of the project's trays (price × quantity), euro. */
  total_price: z.number(),
  ...EditStamps,
  creator_name: z.string().nullable(),
  last_edit_name: z.string().nullable(),
});
export type ProjectRow = z.infer<typeof ProjectRow>;

/** A status filter: ?status=a&status=b (absent: every status). */
const statusFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.array(z.enum(values)).max(values.length)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));

export const ProjectListQuery = z.object({ status: statusFilter(PROJECT_STATUSES) });
export type ProjectListQuery = z.input<typeof ProjectListQuery>;
export const ProjectList = z.object({ results: z.array(ProjectRow) });
export type ProjectList = z.infer<typeof ProjectList>;

export const ProjectStatusBody = z.object({
  project_id: id(),
  status: z.enum(PROJECT_STATUSES),
});
export type ProjectStatusBody = z.input<typeof ProjectStatusBody>;

export const ProjectIdQuery = z.object({ project_id: id() });
export const ProjectName = z.object({ project_name: z.string() });

// Batches ---------------------------------------------------------------------------------

export const BatchRow = z.object({
  batch_id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  comments: z.string(),
  status: z.enum(BATCH_STATUSES),
  digitizing_hours: z.number(),
  warehouse_hours: z.number(),
  /** The worth of the batch's trays (price × quantity), euro. */
  total_price: z.number(),
  trays: z.number().int(),
  ...EditStamps,
  /** Someone holds the write claim on the batch's trays. */
  claimed: z.boolean(),
  /** Who holds it: only a digibrick_manager is told (null for others). */
  write_permission_user_id: z.number().int().nullable(),
  claimant_name: z.string().nullable(),
});
export type BatchRow = z.infer<typeof BatchRow>;

export const BatchListQuery = z.object({
  project_id: id(),
  status: statusFilter(BATCH_STATUSES),
});
export type BatchListQuery = z.input<typeof BatchListQuery>;
export const BatchList = z.object({ results: z.array(BatchRow) });
export type BatchList = z.infer<typeof BatchList>;

export const BatchCreate = z.object({ name: formText(200), comments: formText() });
export type BatchCreate = z.input<typeof BatchCreate>;
export const BatchUpdate = BatchCreate.extend({
  batch_id: id(),
  digitizing_hours: formValue,
  warehouse_hours: formValue,
});
export type BatchUpdate = z.input<typeof BatchUpdate>;

export interface BatchValues {
  name: string;
  comments: string;
  digitizing_hours?: number;
  warehouse_hours?: number;
}

/** Checks a batch form; `takenNames` are the names of the project's other batches. */
export function checkBatch(
  raw: BatchCreate | BatchUpdate,
  takenNames: readonly string[],
): Checked<BatchValues> {
  const isUpdate = 'batch_id' in raw;
  const parsed = (isUpdate ? BatchUpdate : BatchCreate).safeParse(raw);
  if (!parsed.success) return { ok: false, problems: issues(parsed.error) };
  const f = parsed.data as BatchUpdate;
  const problems: string[] = [];
  const name = f.name ?? '';
  if (!name) problems.push(ProjectMessages.batchNameEmpty);
  else if (takenNames.includes(name)) problems.push(ProjectMessages.batchNameTaken);
  const n = isUpdate
    ? numbers(
        f,
        [
          ['digitizing_hours', ProjectMessages.digitizingTime, HOURS_MAX],
          ['warehouse_hours', ProjectMessages.warehouseTime, HOURS_MAX],
        ],
        problems,
      )
    : {};
  if (problems.length) return { ok: false, problems };
  return { ok: true, values: { name, comments: f.comments ?? '', ...n } };
}

export const BatchStatusBody = z.object({ batch_id: id(), status: z.enum(BATCH_STATUSES) });
export type BatchStatusBody = z.input<typeof BatchStatusBody>;
export const DeclaimQuery = z.object({ project_id: id(), batch_id: id() });
