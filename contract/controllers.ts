import { z } from 'zod';
import { int, text } from './fields';
import { countedList } from './shapes';

/**
 * Controllers (docs/catalog-import.md): a run imports the Rebrickable-format catalog dump and goes
 * started → busy stages → completed | failed. Started by an admin from /brickbase/controllers.
 */
export const ControllerMessages = {
  heading: 'Controllers',
  intro: 'A controller updates the catalog from the outside sources.',
  newController: 'New controller',
  confirm:
    'Are you sure you want to start a new controller? This will take a while and slow down other operations',
  alreadyRunning:
    'A controller is already running. Wait until it has completed or failed before starting a new one.',
  stopped: 'the server stopped during the run',
  empty: 'No controllers found',
} as const;

/** The busy stages in run order, with what each one does. */
export const CONTROLLER_STAGES = [
  ['busy_colours', 'Loading colours'],
  ['busy_themes', 'Loading themes'],
  ['busy_category', 'Loading categories'],
  ['busy_sets', 'Loading sets'],
  ['busy_minifigs', 'Loading minifigs'],
  ['busy_parts', 'Loading parts'],
  ['busy_elements', 'Loading colours per part'],
  ['busy_relations', 'Creating relations between parts'],
  ['busy_inventory', 'Linking parts, minifigures and sets'],
] as const;

export type BusyStatus = (typeof CONTROLLER_STAGES)[number][0];
export const CONTROLLER_STATUSES = [
  'started',
  ...CONTROLLER_STAGES.map(([s]) => s),
  'completed',
  'failed',
] as ['started', ...BusyStatus[], 'completed', 'failed'];
export type ControllerStatus = (typeof CONTROLLER_STATUSES)[number];

export function stageLabel(status: string): string | undefined {
  return CONTROLLER_STAGES.find(([s]) => s === status)?.[1];
}

/** The filter's groups: started and every busy stage count as busy. */
export const STATUS_GROUPS = ['completed', 'busy', 'failed'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];
export function statusGroup(status: string): StatusGroup {
  if (status === 'completed' || status === 'failed') return status;
  return 'busy';
}
export function statusesOf(group: StatusGroup): ControllerStatus[] {
  return CONTROLLER_STATUSES.filter((s) => statusGroup(s) === group);
}

/** Page size and default filter of the screen. */
export const CONTROLLER_PAGE_SIZE = 25;

/** GET /v3/brickbase/controllers/?page&size&status: page is zero-based, status comma-joined groups. */
export const ControllerListQuery = z.object({
  page: int(0, 1_000_000).optional(),
  size: int(1, 100).optional(),
  status: text(200)
    .refine(
      (s) =>
        s === '' ||
        s.split(',').every((p) => (STATUS_GROUPS as readonly string[]).includes(p.trim())),
      { error: `status must be a comma-joined list of ${STATUS_GROUPS.join(', ')}` },
    )
    .optional(),
});
export type ControllerListQuery = z.input<typeof ControllerListQuery>;

/** What one dump file did in a run. */
export const FileCounts = z.object({
  read: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  skipped: z.number().int(),
});

export const ControllerRun = z.object({
  id: z.number().int(),
  status: z.enum(CONTROLLER_STATUSES),
  created_by: z.object({ name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  /** Per dump file (e.g. `parts`): rows read, created, updated, deleted, skipped. */
  progress: z.record(z.string(), FileCounts).nullable(),
});
export type ControllerRun = z.infer<typeof ControllerRun>;

export const ControllerListResponse = countedList(ControllerRun);
export type ControllerListResponse = z.infer<typeof ControllerListResponse>;

/**
 * The dump files the preview compares with the catalog before a run, with what the screen calls
 * them. Relations between parts and the inventories are compared by the run only (they are most
 * of a full dump).
 */
export const PREVIEW_FILES = [
  ['colors', 'Colours'],
  ['themes', 'Themes'],
  ['part_categories', 'Categories'],
  ['sets', 'Sets'],
  ['minifigs', 'Minifigs'],
  ['parts', 'Parts'],
  ['elements', 'Parts in colours'],
] as const;
export const PREVIEW_NOT_COMPARED =
  'Relations between parts and the inventories of sets and minifigs';

/** How the preview names a changed column. */
export const PREVIEW_FIELDS: Record<string, string> = {
  name: 'name',
  hex: 'colour',
  is_transparent: 'transparent',
  parent_id: 'parent',
  category_id: 'category',
  theme_id: 'theme',
  material: 'material',
  year: 'year',
  num_parts: 'parts',
  image_url: 'picture',
  element_id: 'element number',
};

export const PreviewChange = z.object({
  /** The column, e.g. `name` or `category_id` (PREVIEW_FIELDS names it). */
  field: z.string(),
  /** As stored, and as the dump has it; references are given by name. */
  old: z.string().nullable(),
  new: z.string().nullable(),
});
export const PreviewExample = z.object({
  /** The row as the dump numbers it, e.g. `3001` or `3001 in Black`. */
  item: z.string(),
  changes: z.array(PreviewChange),
});
export const PreviewFile = z.object({
  file: z.string(),
  read: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** A few of the changed rows, renamed ones first. */
  examples: z.array(PreviewExample),
});
/** GET /v3/brickbase/controller/preview/: what a run of the dump would change, writing nothing. */
export const ControllerPreview = z.object({
  files: z.array(PreviewFile),
  /** Why the dump cannot be imported as it is (the run would fail the same way), or null. */
  error: z.string().nullable(),
});
export type ControllerPreview = z.infer<typeof ControllerPreview>;
export type PreviewFile = z.infer<typeof PreviewFile>;
