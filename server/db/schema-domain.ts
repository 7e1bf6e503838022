import type { Generated } from 'kysely';

/**
 * Row types of the domain tables (migrations 002–004). Conventions:
 * - ids are autoincrement integers; timestamps are ISO-8601 text;
 * - money (price, store_price, main_purchase_price, …) is integer THOUSANDTHS of a euro;
 * - hours are numbers with two decimals; booleans are integers 0/1 (`Flag`);
 * - `version` is the sync version: every write to the row sets it from nextVersion (the company's
 *   counter, or SHARED_SCOPE for global catalog rows). Rows with version 0 are never pulled.
 * - `company_id` marks company data; catalog and reference tables are global.
 */
export type Flag = 0 | 1;
export type ConditionName = 'NEW' | 'LIKE_NEW' | 'GOOD' | 'ACCEPTABLE';
export type Completeness = 'SEALED' | 'COMPLETE' | 'INCOMPLETE';
export type StorePlatform = 'BRICKLINK' | 'BRICKOWL';
export type ProjectStatus = 'in progress' | 'is archived';
export type BatchStatus =
  'being reviewed' | 'in progress' | 'ready for filling' | 'filled' | 'uploaded' | 'completed';
export type TrayStatus = 'ready for filling' | 'missing' | 'filled' | 'uploaded' | 'reserve';
export type RelationType = 'P' | 'R' | 'B' | 'M' | 'T' | 'A';
export type SuggestionStatus = 'open' | 'rejected' | 'accepted';
export type ControllerStatus =
  | 'started'
  | 'busy_colours'
  | 'busy_themes'
  | 'busy_category'
  | 'busy_sets'
  | 'busy_minifigs'
  | 'busy_parts'
  | 'busy_elements'
  | 'busy_relations'
  | 'busy_inventory'
  | 'completed'
  | 'failed';
export type SyncBatchStatus = 'new' | 'uploading' | 'uploaded' | 'failed';
export type LogLevel = 'debug' | 'info' | 'warning' | 'error';
/** The recipient of an issue: 1 Warehouse manager, 2 Order manager, 3 both. */
export type IssueManager = 1 | 2 | 3;

/** picking_statuses rows (seeded by migration 002). */
export const PickingStatus = { BEING_PICKED: 1, UNASSIGNED: 2, PAUSED: 3, PICKED: 4 } as const;
/** item_types rows: type 2 is browsed by category, the others by theme. */
export const ItemType = {
  set: 1,
  brick: 2,
  minifig: 3,
  book: 4,
  gear: 5,
  catalog: 6,
  instruction: 7,
  original_box: 8,
} as const;

type Versioned = { version: Generated<number> };
type EditTrail = {
  creator_user_id: number | null;
  date_of_creation: string;
  last_edit_user_id: number | null;
  date_of_last_edit: string | null;
};

// ---- reference data (global) ----
export interface ConditionsTable {
  condition_name: ConditionName;
  /** Display label: New, Like new, Good, Acceptable. */
  new_condition_name: string;
  sort_order: number;
}
export interface ItemTypesTable {
  id: number;
  name: string;
  /** BSX ItemTypeID: P, S, M, B, G, C, I, O. */
  bsx_code: string;
}
export interface OrderStatusesTable {
  id: number;
  name: string;
}
export interface PickingStatusesTable {
  id: number;
  name: string;
}

// ---- catalog (global) ----
export interface ColoursTable extends Versioned {
  id: Generated<number>;
  uuid: string;
  name: string;
  rebrickable_id: number | null;
  bl_colour_id: number | null;
  brickowl_colour_id: number | null;
  /** Six hex digits without '#'. */
  hex: Generated<string>;
  is_transparent: Generated<Flag>;
}
export interface TreeNodeTable extends Versioned {
  id: Generated<number>;
  uuid: string;
  name: string;
  parent_id: number | null;
  rebrickable_id: number | null;
}
export type ThemesTable = TreeNodeTable;
export type CategoriesTable = TreeNodeTable;
export interface CatalogObject extends Versioned {
  id: Generated<number>;
  uuid: string;
  name: string;
  rebrickable_id: string | null;
  bricklink_id: string | null;
  brickowl_id: string | null;
  image_url: string | null;
  year: number | null;
}
export interface PartsTable extends CatalogObject {
  category_id: number | null;
  /** cm */
  length: number | null;
  width: number | null;
  height: number | null;
  /** grams */
  weight: number | null;
  material: string | null;
}
export interface MinifigsTable extends CatalogObject {
  theme_id: number | null;
  num_parts: number | null;
}
export interface SetsTable extends CatalogObject {
  theme_id: number | null;
  num_parts: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
}
export interface SetDocumentsTable extends Versioned {
  id: Generated<number>;
  uuid: string;
  set_id: number;
  kind: 'instruction' | 'box';
  name: string;
  bricklink_id: string | null;
  image_url: string | null;
  url: string | null;
}
export interface ElementsTable extends Versioned {
  id: Generated<number>;
  uuid: string;
  part_id: number;
  colour_id: number;
  element_id: string | null;
  image_url: string | null;
}
export interface PartRelationsTable extends Versioned {
  id: Generated<number>;
  uuid: string;
  rel_type: RelationType;
  parent_part_id: number;
  child_part_id: number;
}
export interface SetInSetTable extends Versioned {
  id: Generated<number>;
  uuid: string;
  parent_set_id: number;
  child_set_id: number;
  quantity: Generated<number>;
}
export interface MinifigInSetTable extends Versioned {
  id: Generated<number>;
  uuid: string;
  set_id: number;
  minifig_id: number;
  quantity: Generated<number>;
}
export interface ElementInSetTable extends Versioned {
  id: Generated<number>;
  uuid: string;
  set_id: number;
  element_id: number;
  quantity: Generated<number>;
  extra_quantity: Generated<number>;
  is_alternate: Generated<Flag>;
}
export interface ElementInMinifigTable extends Versioned {
  id: Generated<number>;
  uuid: string;
  minifig_id: number;
  element_id: number;
  quantity: Generated<number>;
  extra_quantity: Generated<number>;
  is_alternate: Generated<Flag>;
}
/** What the warehouse stores and sells (mold_id); links to the BrickBase object when known. */
export interface MouldsTable extends Versioned {
  id: Generated<number>;
  type_id: Generated<number>;
  name: string;
  image_url: string | null;
  bl_mold_id: string | null;
  rebrickable_id: string | null;
  brickowl_id: string | null;
  brickbase_uuid: string | null;
  part_id: number | null;
  minifig_id: number | null;
  set_id: number | null;
  category_id: number | null;
  theme_id: number | null;
  year: number | null;
  weight: number | null;
  dim_x: number | null;
  dim_y: number | null;
  dim_z: number | null;
  part_material: string | null;
  num_parts_set: number | null;
  num_parts_fig: number | null;
  num_figs: number | null;
  rating: number | null;
  /** JSON object of the rarer catalog-info fields (ISBN, EAN, UPC, ASIN, eye_color, …). */
  extra: string | null;
}
export interface SuggestionsTable {
  id: Generated<number>;
  uuid: string;
  status: Generated<SuggestionStatus>;
  description: Generated<string>;
  object_type: string;
  object_uuid: string | null;
  /** JSON: field name -> proposed value. */
  changes: string;
  created_by_user_id: number | null;
  created_at: string;
  reviewed_by_user_id: number | null;
  reviewed_at: string | null;
}
export interface ControllerRunsTable {
  id: Generated<number>;
  status: Generated<ControllerStatus>;
  created_by_user_id: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  error: string | null;
  /** JSON: counts per stage. */
  progress: string | null;
  locked_by: string | null;
  locked_until: string | null;
}
export interface CatalogChangesTable {
  id: Generated<number>;
  model: string;
  model_uuid: string;
  action: string;
  actor_user_id: number | null;
  actor_name: string;
  created_at: string;
  /** JSON: field -> {old, new}. */
  changes: string;
  suggestion_id: number | null;
  controller_run_id: number | null;
}

// ---- warehouse and digitizing (company data) ----
export interface ItemsTable extends Versioned, EditTrail {
  id: Generated<number>;
  company_id: number;
  mold_id: number;
  colour_id: number;
  condition: ConditionName;
  completeness: Completeness | null;
  note_private: Generated<string>;
  note_public: Generated<string>;
  /** thousandths */
  price: Generated<number>;
  is_public: Generated<Flag>;
  readable_id: string | null;
}
export interface LocationsTable extends Versioned {
  id: Generated<number>;
  company_id: number;
  /** null only for the company's root. */
  parent_id: number | null;
  name: string;
  /** Scannable label code, unique within the company, e.g. H1-A02-R03-S2-B4. */
  code: string;
  /** 0/1 as stored; 2 (inherited) is derived from an ancestor. */
  is_selected_new_location: Generated<Flag>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string | null;
}
export interface LocationContentTable extends Versioned {
  id: Generated<number>;
  company_id: number;
  location_id: number;
  item_id: number;
  /** The item's colour, repeated. */
  colour_id: number;
  /** Never negative (CHECK). */
  quantity: Generated<number>;
  updated_at: string | null;
}
export interface ProjectsTable extends EditTrail {
  id: Generated<number>;
  company_id: number;
  name: string;
  status: Generated<ProjectStatus>;
  condition: string;
  content: Generated<string>;
  purpose: Generated<string>;
  comments: Generated<string>;
  /** thousandths */
  main_purchase_price: Generated<number>;
  /** thousandths */
  other_purchase_price: Generated<number>;
  sorting_hours: Generated<number>;
  other_hours: Generated<number>;
  digitizing_hours: Generated<number>;
  warehouse_hours: Generated<number>;
}
export interface BatchesTable extends Versioned, EditTrail {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  name: string;
  comments: Generated<string>;
  status: Generated<BatchStatus>;
  digitizing_hours: Generated<number>;
  warehouse_hours: Generated<number>;
  /** Who holds the write claim on the batch's trays. */
  write_permission_user_id: number | null;
  write_permission_since: string | null;
  /** When the claim lapses unless renewed (a lease); null or past: nobody holds the batch. */
  write_permission_until: string | null;
}
export interface TraysTable extends Versioned, EditTrail {
  id: Generated<number>;
  company_id: number;
  batch_id: number;
  tray_nr: number;
  item_id: number | null;
  mold_id: number | null;
  colour_id: number | null;
  condition: ConditionName | null;
  quantity: Generated<number>;
  /** thousandths */
  price: Generated<number>;
  status: Generated<TrayStatus>;
  accepted: Generated<Flag>;
  is_public: Generated<Flag>;
  comments: Generated<string>;
  /** Where the tray was filled. */
  location_id: number | null;
  filled_by_user_id: number | null;
  filled_at: string | null;
}
export interface BackupsTable {
  id: Generated<number>;
  company_id: number;
  batch_id: number;
  date: string;
  comments: Generated<string>;
  /** JSON copy of the batch and its trays. */
  json: string;
  creator_user_id: number | null;
}

// ---- orders, issues, marketplace (company data) ----
export interface StoresTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  platform: StorePlatform;
  external_id: string;
  /** Encrypted JSON of the platform's credentials. */
  credentials: string;
  /** The ISO currency code the store sells in (036). */
  currency: Generated<string>;
  created_at: string;
  updated_at: string | null;
  last_synced_at: string | null;
}
export interface OrdersTable extends Versioned {
  id: Generated<number>;
  company_id: number;
  store_id: number | null;
  order_number: string;
  store_platform: StorePlatform;
  buyer_name: string | null;
  created_at: string;
  status_id: number;
  /** See PickingStatus. */
  picking_status_id: Generated<number>;
  has_problem: Generated<Flag>;
  picker_issue: string | null;
  pickable: Generated<Flag>;
  claimed_by_user_id: number | null;
  claimed_at: string | null;
  updated_at: string | null;
  /** Derived from the order's items, kept by server/modules/orders/totals.ts. */
  item_count: Generated<number>;
  ordered_total: Generated<number>;
  picked_total: Generated<number>;
}
export interface OrderItemsTable extends Versioned {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  item_id: number;
  quantity_ordered: number;
  /** Never negative (CHECK); may exceed quantity_ordered. */
  quantity_picked: Generated<number>;
  private_note: string | null;
  public_note: string | null;
  /** thousandths */
  unit_price: number | null;
  updated_at: string | null;
}
export interface IssuesTable extends Versioned {
  id: Generated<number>;
  company_id: number;
  location_id: number | null;
  item_id: number | null;
  note: Generated<string>;
  manager_id: IssueManager;
  solved: Generated<Flag>;
  creation_date: string;
  reporter_user_id: number | null;
  order_id: number | null;
  tray_id: number | null;
  solved_at: string | null;
  solved_by_user_id: number | null;
}
export interface SyncBatchesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  project_id: number | null;
  comments: Generated<string>;
  date_of_creation: string;
  creator_user_id: number | null;
  status: Generated<SyncBatchStatus>;
  uploaded_at: string | null;
  error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  /** The imported file's currency. */
  currency: Generated<string>;
  /** While an import is still adding lots: how many the batch will hold; null once complete. */
  lots_expected: number | null;
}
export interface SyncBatchItemsTable {
  id: Generated<number>;
  company_id: number;
  sync_batch_id: number;
  item_id: number;
  bl_item_id: string | null;
  quantity: number;
  /** thousandths */
  price: Generated<number>;
  note_private: Generated<string>;
  note_public: Generated<string>;
  uploaded_at: string | null;
  /** The lot's BrickLink colour as imported (0: none); null for lots imported before. */
  bl_colour_id: number | null;
  /** 'Q1:P1[,Q2:P2[,Q3:P3]]', prices in thousandths; null for none. */
  tier_price: string | null;
  /** 1: any quantity. */
  bulk_size: Generated<number>;
  /** Percent off, -99 to 100. */
  sale_rate: Generated<number>;
  retain: Generated<Flag>;
  stockroom: 'A' | 'B' | 'C' | null;
}
export interface StoreItemsTable {
  id: Generated<number>;
  company_id: number;
  store_id: number;
  item_id: number;
  external_lot_id: string | null;
  store_quantity: Generated<number>;
  /** thousandths */
  store_price: Generated<number>;
  /** 'Q1:P1,Q2:P2,Q3:P3', prices in thousandths; null for none. */
  tier_price: string | null;
  bulk_size: number | null;
  /** Percent off, -99 to 100 (034). */
  sale_rate: Generated<number>;
  /** Kept on the marketplace at quantity 0 instead of deleted (034). */
  retain: Generated<Flag>;
  /** BrickLink stockroom A, B or C: never on public sale; null when for sale (034). */
  stockroom: 'A' | 'B' | 'C' | null;
  note_public: Generated<string>;
  note_private: Generated<string>;
  needs_upload: Generated<Flag>;
  /** What the marketplace holds as far as the warehouse knows. */
  listed_quantity: Generated<number>;
  /** Set while a quantity change is on its way to the marketplace. */
  sending_quantity: number | null;
  /** Grows with every change to the item. */
  change_seq: Generated<number>;
  /** Taken off this offer while it could not be sold; a cancelled order gives it back (029). */
  held_back: Generated<number>;
  /**
   * 1: the lot was put on the store while the warehouse held none of its item in its locations
   * (stock kept elsewhere). Sales lower it by what was sold, never to the warehouse's stock (035).
   */
  stock_elsewhere: Generated<Flag>;
  synced_at: string | null;
  updated_at: string | null;
}
export interface StockItemErrorsTable {
  id: Generated<number>;
  company_id: number;
  store_id: number | null;
  store_item_id: number | null;
  item_id: number | null;
  description: string;
  is_resolved: Generated<Flag>;
  created_at: string;
  resolved_at: string | null;
}
export interface SettingsTable {
  id: Generated<number>;
  company_id: number;
  key: string;
  value: Generated<string>;
  updated_at: string | null;
}
export interface LogEntriesTable {
  id: Generated<number>;
  company_id: number;
  created_at: string;
  level: LogLevel;
  message: string;
  store_id: number | null;
  /** JSON */
  context: string | null;
}

export interface DomainDatabase {
  conditions: ConditionsTable;
  item_types: ItemTypesTable;
  order_statuses: OrderStatusesTable;
  picking_statuses: PickingStatusesTable;
  colours: ColoursTable;
  themes: ThemesTable;
  categories: CategoriesTable;
  parts: PartsTable;
  minifigs: MinifigsTable;
  sets: SetsTable;
  set_documents: SetDocumentsTable;
  elements: ElementsTable;
  part_relations: PartRelationsTable;
  set_in_set: SetInSetTable;
  minifig_in_set: MinifigInSetTable;
  element_in_set: ElementInSetTable;
  element_in_minifig: ElementInMinifigTable;
  moulds: MouldsTable;
  suggestions: SuggestionsTable;
  controller_runs: ControllerRunsTable;
  catalog_changes: CatalogChangesTable;
  items: ItemsTable;
  locations: LocationsTable;
  location_content: LocationContentTable;
  projects: ProjectsTable;
  batches: BatchesTable;
  trays: TraysTable;
  backups: BackupsTable;
  stores: StoresTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  issues: IssuesTable;
  sync_batches: SyncBatchesTable;
  sync_batch_items: SyncBatchItemsTable;
  store_items: StoreItemsTable;
  stock_item_errors: StockItemErrorsTable;
  settings: SettingsTable;
  log_entries: LogEntriesTable;
}
