import type { Kysely } from 'kysely';
import { Permission } from '../../../contract/permissions';
import { REPORT_MANAGER_ROLE, ReportMessages } from '../../../contract/reports';
import type { SessionUser } from '../../auth/tokens';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { recordTombstone } from '../../sync';
import { companyRow } from '../../write/company-row';
import type { Trx, WriteCtx } from '../../write/context';

/**
 * Who handles an issue (docs/reports.md): manager 1 is the warehouse_manager (Warehouse
 * Reports), manager 2 the order_manager (Item Reports); an issue sent to both (3) is in both
 * lists and either manager may solve or delete it.
 */
export const MANAGERS = ['warehouse_manager', 'order_manager'] as const;

/** The caller holds the role of manager 1 or 2. */
export function holds(user: SessionUser, manager: 1 | 2): boolean {
  return user.permissions.includes(Permission[REPORT_MANAGER_ROLE[manager]]);
}

/** The caller may see the issue: it goes to a manager whose role the caller holds. */
function mayHandle(user: SessionUser, managerId: number): boolean {
  if (managerId === 3) return holds(user, 1) || holds(user, 2);
  return (managerId === 1 || managerId === 2) && holds(user, managerId);
}

/** The company's issue the caller may handle: 404 when not the company's, 403 when not theirs. */
export async function mustHandle(db: Kysely<Database>, user: SessionUser, issueId: number) {
  const issue = await companyRow(
    db,
    'issues',
    user.companyId,
    issueId,
    ['id', 'manager_id', 'solved'],
    () => notFound(ReportMessages.issueNotFound),
  );
  if (!mayHandle(user, Number(issue.manager_id))) throw forbidden();
  return issue;
}

/** Marks an issue solved (by the caller, now) or open again. */
export async function setSolved(
  trx: Trx,
  ctx: WriteCtx,
  issueId: number,
  solved: boolean,
): Promise<void> {
  const version = await ctx.version();
  await trx
    .updateTable('issues')
    .set({
      solved: solved ? 1 : 0,
      solved_at: solved ? nowIso() : null,
      solved_by_user_id: solved ? ctx.userId : null,
      version,
    })
    .where('id', '=', issueId)
    .where('company_id', '=', ctx.companyId)
    .execute();
}

/** Deletes a solved issue (409 while unsolved) and leaves a tombstone for the devices. */
export async function deleteSolved(trx: Trx, ctx: WriteCtx, issueId: number): Promise<void> {
  const version = await ctx.version();
  const res = await trx
    .deleteFrom('issues')
    .where('id', '=', issueId)
    .where('company_id', '=', ctx.companyId)
    .where('solved', '=', 1)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw conflict(ReportMessages.onlySolvedDeleted);
  await recordTombstone(trx, ctx.companyId, 'issues', issueId, version);
}
