import { sql, type Kysely } from 'kysely';
import type { BatchRow, BatchStatus, ProjectRow, ProjectStatus } from '../../../contract/projects';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { companyRow } from '../../write/company-row';
import { liveHolder } from '../batch-trays/lease';
import { ProjectMessages } from '../../../contract/projects';

/** Prices are stored in thousandths of a euro; the API speaks euro with two decimals. */
export const toThousandths = (euro: number): number => Math.round(euro * 1000);
const toEuro = (thousandths: unknown): number => Math.round(Number(thousandths ?? 0) / 10) / 100;
/** Hours are numeric(10,2): PostgreSQL answers them as text. */
const hours = (v: unknown): number => Math.round(Number(v ?? 0) * 100) / 100;

/**
 * A sum of thousandths that never overflows. One tray may be worth €1,000,000 × 1,000,000 pieces
 * (10^15 thousandths), beyond PostgreSQL's `integer`: there the product is taken as bigint and
 * summed as numeric (exact). SQLite's integer sum stops at 2^63 (an error), so it sums with
 * total() (a double: exact up to 2^53 thousandths, about €9 billion).
 */
function wideSum(db: Kysely<Database>, expr: ReturnType<typeof sql>) {
  return isPostgres(db) ? sql<string>`sum(${expr})` : sql<string>`total(${expr})`;
}

/** The worth of trays (price × quantity, thousandths) per batch of the company. */
function batchWorth(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('trays')
    .select([
      'trays.batch_id',
      wideSum(db, sql`cast(trays.price as bigint) * trays.quantity`).as('worth'),
      sql<string>`count(*)`.as('trays'),
    ])
    .where('trays.company_id', '=', companyId)
    .groupBy('trays.batch_id');
}

/** The company's projects (all, or those with one of `statuses`, or one), newest first. */
export async function projectRows(
  db: Kysely<Database>,
  companyId: number,
  filter: { statuses?: ProjectStatus[]; projectId?: number } = {},
): Promise<ProjectRow[]> {
  // Worth and hours roll up from the project's batches (a batch without trays is worth 0).
  const worth = db
    .selectFrom('batches as b')
    .leftJoin(batchWorth(db, companyId).as('w'), 'w.batch_id', 'b.id')
    .select([
      'b.project_id',
      wideSum(db, sql`w.worth`).as('worth'),
      sql<string>`sum(b.digitizing_hours)`.as('digitizing'),
      sql<string>`sum(b.warehouse_hours)`.as('warehouse'),
    ])
    .where('b.company_id', '=', companyId)
    .groupBy('b.project_id');
  let q = db
    .selectFrom('projects as p')
    .leftJoin(worth.as('pw'), 'pw.project_id', 'p.id')
    .leftJoin('users as cu', 'cu.id', 'p.creator_user_id')
    .leftJoin('users as eu', 'eu.id', 'p.last_edit_user_id')
    .selectAll('p')
    .select([
      'pw.worth',
      'pw.digitizing',
      'pw.warehouse',
      'cu.name as creator_name',
      'eu.name as last_edit_name',
    ])
    .where('p.company_id', '=', companyId);
  if (filter.statuses) {
    if (filter.statuses.length === 0) return [];
    q = q.where('p.status', 'in', filter.statuses);
  }
  if (filter.projectId !== undefined) q = q.where('p.id', '=', filter.projectId);
  const rows = await q.orderBy('p.date_of_creation', 'desc').orderBy('p.id', 'desc').execute();
  return rows.map((r) => ({
    project_id: r.id,
    name: r.name,
    status: r.status,
    condition: r.condition,
    content: r.content,
    purpose: r.purpose,
    comments: r.comments,
    main_purchase_price: toEuro(r.main_purchase_price),
    other_purchase_price: toEuro(r.other_purchase_price),
    sorting_hours: hours(r.sorting_hours),
    other_hours: hours(r.other_hours),
    digitizing_hours: hours(r.digitizing),
    warehouse_hours: hours(r.warehouse),
    total_price: toEuro(r.worth),
    creator_user_id: r.creator_user_id,
    creator_name: r.creator_name,
    date_of_creation: String(r.date_of_creation),
    last_edit_user_id: r.last_edit_user_id,
    last_edit_name: r.last_edit_name,
    date_of_last_edit: r.date_of_last_edit === null ? null : String(r.date_of_last_edit),
  }));
}

/** The company's project, or 404 (also for another company's id). */
export async function mustFindProject(db: Kysely<Database>, companyId: number, projectId: number) {
  return companyRow(db, 'projects', companyId, projectId, ['id', 'name', 'status'], () =>
    notFound(ProjectMessages.projectNotFound),
  );
}

/** The project's batch, or 404 (also when it belongs to another project or company). */
export async function mustFindBatch(
  db: Kysely<Database>,
  companyId: number,
  projectId: number,
  batchId: number,
) {
  const b = await db
    .selectFrom('batches')
    .select(['id', 'name', 'status', 'write_permission_user_id', 'write_permission_until'])
    .where('id', '=', batchId)
    .where('project_id', '=', projectId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!b) throw notFound(ProjectMessages.batchNotFound);
  return b;
}

/** Names of the company's projects other than `exceptId`. */
export async function projectNames(
  db: Kysely<Database>,
  companyId: number,
  exceptId?: number,
): Promise<string[]> {
  let q = db.selectFrom('projects').select('name').where('company_id', '=', companyId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.execute()).map((r) => r.name);
}

/** Names of the project's batches other than `exceptId`. */
export async function batchNames(
  db: Kysely<Database>,
  companyId: number,
  projectId: number,
  exceptId?: number,
): Promise<string[]> {
  let q = db
    .selectFrom('batches')
    .select('name')
    .where('company_id', '=', companyId)
    .where('project_id', '=', projectId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.execute()).map((r) => r.name);
}

/**
 * The project's batches (all, or those with one of `statuses`), oldest first. Who holds the
 * claim is told only when `showClaimant` (a digibrick_manager asks).
 */
export async function batchRows(
  db: Kysely<Database>,
  companyId: number,
  projectId: number,
  opts: { statuses?: BatchStatus[]; showClaimant: boolean },
): Promise<BatchRow[]> {
  let q = db
    .selectFrom('batches as b')
    .leftJoin(batchWorth(db, companyId).as('w'), 'w.batch_id', 'b.id')
    .leftJoin('users as u', 'u.id', 'b.write_permission_user_id')
    .selectAll('b')
    .select(['w.worth', 'w.trays', 'u.name as claimant_name'])
    .where('b.company_id', '=', companyId)
    .where('b.project_id', '=', projectId);
  if (opts.statuses) {
    if (opts.statuses.length === 0) return [];
    q = q.where('b.status', 'in', opts.statuses);
  }
  const rows = await q.orderBy('b.id').execute();
  return rows.map((r) => ({
    batch_id: r.id,
    project_id: r.project_id,
    name: r.name,
    comments: r.comments,
    status: r.status,
    digitizing_hours: hours(r.digitizing_hours),
    warehouse_hours: hours(r.warehouse_hours),
    total_price: toEuro(r.worth),
    trays: Number(r.trays ?? 0),
    creator_user_id: r.creator_user_id,
    date_of_creation: String(r.date_of_creation),
    last_edit_user_id: r.last_edit_user_id,
    date_of_last_edit: r.date_of_last_edit === null ? null : String(r.date_of_last_edit),
    claimed: liveHolder(r) !== null,
    write_permission_user_id: opts.showClaimant ? r.write_permission_user_id : null,
    claimant_name: opts.showClaimant ? r.claimant_name : null,
  }));
}
