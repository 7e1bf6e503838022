import type { Generated } from 'kysely';
import type { DomainDatabase } from './schema-domain';

/** Row types of every table. Domain modules add their tables here beside their migration. */
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}
export interface PermissionsTable {
  id: number;
  description: string;
}
export interface CompanyPermissionsTable {
  company_id: number;
  permission_id: number;
}
export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  name: string;
  password_hash: string | null;
  /** Set for temporary passwords: the password stops working after this moment. */
  password_expires_at: string | null;
  created_at: string;
  /** Raised at logout and password change: older access tokens stop working (011). */
  token_generation: Generated<number>;
}
export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
}
export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}
export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  /** 'reset' (forgot password) or 'invite' (new user). */
  purpose: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface LoginFailuresTable {
  key: string;
  count: number;
  window_start: string;
}

/** Sign-ins, permission changes and user deletions (011_auth_security). */
export interface AuditLogTable {
  id: Generated<number>;
  company_id: number | null;
  actor_user_id: number | null;
  actor_email: string | null;
  action: string;
  target_user_id: number | null;
  target_email: string | null;
  target_company_id: number | null;
  permission_id: number | null;
  ip: string | null;
  /** What the entry is about in words (028_audit_detail); never a secret. */
  detail: string | null;
  created_at: string;
}

/** Sync bookkeeping (010_sync): see server/sync/. */
export interface AppliedMutationsTable {
  /** The client's mutation UUID. */
  id: string;
  company_id: number;
  user_id: number;
  device_id: string;
  seq: number;
  name: string;
  status: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  created_at: string;
}
export interface SyncDevicesTable {
  device_id: string;
  company_id: number;
  user_id: number;
  last_seq: number;
  updated_at: string;
}
export interface CompanySyncVersionsTable {
  /** 0 is the shared scope (rows every company pulls). */
  company_id: number;
  version: number;
  /** Tombstones up to this version may be pruned (012_sync_housekeeping). */
  pruned_version: Generated<number>;
}
export interface SyncTombstonesTable {
  company_id: number;
  collection: string;
  row_key: string;
  version: number;
  /** When it was written (null only for rows older than 012_sync_housekeeping's backfill). */
  created_at: string | null;
}

/** Picks a device last reported as not yet sent, per order it claimed (013_device_pending). */
export interface DevicePendingTable {
  company_id: number;
  order_id: number;
  device_id: string;
  user_id: number;
  pending_picks: number;
  reported_at: string;
}

/** Background jobs (server/jobs/): uploads and order intake. */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';
export type JobItemState = 'pending' | 'sent' | 'done' | 'failed';
export interface JobsTable {
  id: Generated<number>;
  company_id: number;
  kind: string;
  store_id: number | null;
  /** JSON */
  payload: Generated<string>;
  status: Generated<JobStatus>;
  stage: Generated<string>;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  error: string | null;
  run_after: string;
  claimed_by: string | null;
  lease_until: string | null;
  attempts: Generated<number>;
  created_by_user_id: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
export interface JobItemsTable {
  id: Generated<number>;
  job_id: number;
  company_id: number;
  store_id: number;
  sync_batch_item_id: number | null;
  item_id: number;
  state: Generated<JobItemState>;
  marketplace_lot_id: string | null;
  error: string | null;
  updated_at: string | null;
}
/** When each company last had a job claimed: the runners take the companies in turn. */
export interface JobTurnsTable {
  company_id: number;
  claimed_at: string;
}
export interface MarketplaceCallCountsTable {
  store_id: number;
  day: string;
  used: number;
}
/** BrickOwl's colour list: a BrickLink colour id and the BrickOwl colour it names. */
export interface BrickOwlColoursTable {
  bl_colour_id: number;
  brickowl_colour_id: number;
  brickowl_name: string;
  refreshed_at: string;
}
/** BrickOwl's answer to an id lookup of a BrickLink item: its BOID, or null (not on BrickOwl). */
export interface BrickOwlItemsTable {
  bl_item_no: string;
  /** The BrickLink type letter: P, S, M, G, I, O. */
  item_type: string;
  boid: string | null;
  checked_at: string;
}
/** BrickLink's price guide of an item, colour, condition and guide, as last read (kept a day). */
export interface PriceGuidesTable {
  /** The BrickLink type letter: P, S, M, B, G, C, I, O. */
  item_type: string;
  bl_item_no: string;
  bl_colour_id: number;
  condition: 'N' | 'U';
  guide_type: 'sold' | 'stock';
  /** 0 when BrickLink has no such item. */
  found: number;
  currency_code: string;
  /** thousandths of currency_code */
  min_price: number;
  avg_price: number;
  max_price: number;
  qty_avg_price: number;
  unit_quantity: number;
  total_quantity: number;
  fetched_at: string;
}
/** What a stock check found of a store's lot the warehouse does not know (a store item holds no such lot). */
export type UnknownLotStatus = 'open' | 'removing' | 'adopted' | 'removed';
/** A lot on a store that the warehouse does not know, waiting for a person to adopt or remove it (035). */
export interface StoreUnknownLotsTable {
  id: Generated<number>;
  company_id: number;
  store_id: number;
  external_lot_id: string;
  status: Generated<UnknownLotStatus>;
  /** The lot in words, for a person: "3001 Brick 2 x 4 in Red, new". */
  words: string;
  /** The warehouse's item it maps to, when one was found at the check. */
  item_id: number | null;
  quantity: Generated<number>;
  /** thousandths */
  price: Generated<number>;
  /** BrickLink's item number and type letter (a BrickLink lot). */
  bl_item_no: string | null;
  item_type: string | null;
  /** BrickOwl's BOID as it lists it, with the colour (a BrickOwl lot). */
  boid: string | null;
  /** The marketplace's colour id. */
  colour_id: number | null;
  /** The warehouse's condition: NEW, LIKE_NEW, GOOD, ACCEPTABLE. */
  condition: string;
  note_public: Generated<string>;
  note_private: Generated<string>;
  /** What the lot carries besides, as listed (037): kept on its store item when adopted. */
  tier_price: string | null;
  bulk_size: Generated<number>;
  sale_rate: Generated<number>;
  retain: Generated<0 | 1>;
  stockroom: 'A' | 'B' | 'C' | null;
  /** Why the store refused to remove it. */
  error: string | null;
  found_at: string;
  seen_at: string;
  resolved_at: string | null;
  resolved_by_user_id: number | null;
}

export interface Database extends DomainDatabase {
  companies: CompaniesTable;
  permissions: PermissionsTable;
  company_permissions: CompanyPermissionsTable;
  users: UsersTable;
  user_permissions: UserPermissionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  applied_mutations: AppliedMutationsTable;
  sync_devices: SyncDevicesTable;
  company_sync_versions: CompanySyncVersionsTable;
  sync_tombstones: SyncTombstonesTable;
  device_pending: DevicePendingTable;
  jobs: JobsTable;
  job_items: JobItemsTable;
  job_turns: JobTurnsTable;
  marketplace_call_counts: MarketplaceCallCountsTable;
  brickowl_colours: BrickOwlColoursTable;
  brickowl_items: BrickOwlItemsTable;
  price_guides: PriceGuidesTable;
  store_unknown_lots: StoreUnknownLotsTable;
}
