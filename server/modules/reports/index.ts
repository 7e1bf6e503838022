import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Permission } from '../../../contract/permissions';
import {
  IssueDeleteResponse,
  IssueIdQuery,
  IssueListQuery,
  IssueListResponse,
  IssueSolveQuery,
  IssueSolveResponse,
  REPORT_MANAGER_ROLE,
  ReportMessages,
} from '../../../contract/reports';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { recordTombstone } from '../../sync';
import { inTransaction } from '../../write/context';
import { crumbs } from '../locations/tree';
import type { Kysely } from 'kysely';

/**
 * Warehouse Reports (manager 1, warehouse_manager) and Item Reports (manager 2, order_manager):
 * list, mark solved, delete solved. An issue sent to both (3) is in both lists and either manager
 * may solve or delete it.
 */
const MANAGERS = ['warehouse_manager', 'order_manager'] as const;

function holds(request: FastifyRequest, manager: 1 | 2): boolean {
  return request.user.permissions.includes(Permission[REPORT_MANAGER_ROLE[manager]]);
}

/** The caller may see the issue: it goes to a manager whose role the caller holds. */
function mayHandle(request: FastifyRequest, managerId: number): boolean {
  if (managerId === 3) return holds(request, 1) || holds(request, 2);
  return (managerId === 1 || managerId === 2) && holds(request, managerId);
}

async function issueRows(
  db: Kysely<Database>,
  companyId: number,
  filter: { managerId?: 1 | 2; all?: boolean; issueId?: number },
) {
  let q = db
    .selectFrom('issues as iss')
    .leftJoin('items as i', 'i.id', 'iss.item_id')
    .leftJoin('moulds as m', 'm.id', 'i.mold_id')
    .leftJoin('colours as c', 'c.id', 'i.colour_id')
    .select([
      'iss.id as issue_id',
      'iss.creation_date',
      'iss.location_id',
      'iss.item_id',
      'c.name as colour_name',
      'c.hex as colour_hex',
      'i.condition as condition_name',
      'm.name as mold_name',
      'm.image_url as image_path',
      'iss.order_id',
      'iss.note as issue_note',
      'iss.manager_id',
      'iss.solved',
    ])
    .where('iss.company_id', '=', companyId);
  if (filter.managerId !== undefined) q = q.where('iss.manager_id', 'in', [filter.managerId, 3]);
  if (filter.issueId !== undefined) q = q.where('iss.id', '=', filter.issueId);
  if (!filter.all) q = q.where('iss.solved', '=', 0);
  const rows = await q.orderBy('iss.creation_date', 'desc').orderBy('iss.id', 'desc').execute();
  const named = await crumbs(
    db,
    companyId,
    rows.flatMap((r) => (r.location_id === null ? [] : [r.location_id])),
  );
  return rows.map((r) => ({
    ...r,
    location_name: r.location_id === null ? '' : (named.get(r.location_id)?.crumb ?? ''),
    manager_id: Number(r.manager_id),
    solved: Number(r.solved),
  }));
}

export async function reportsModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  const mustHandle = async (request: FastifyRequest, issueId: number) => {
    const issue = await app.db
      .selectFrom('issues')
      .select(['id', 'manager_id', 'solved'])
      .where('id', '=', issueId)
      .where('company_id', '=', request.user.companyId)
      .executeTakeFirst();
    if (!issue) throw notFound(ReportMessages.issueNotFound);
    if (!mayHandle(request, Number(issue.manager_id))) throw forbidden();
    return issue;
  };

  r.get(
    '/v1/issue',
    {
      config: { access: MANAGERS },
      schema: {
        tags,
        summary: 'Issues for manager 1 (warehouse) or 2 (order), with those for both (3)',
        querystring: IssueListQuery,
        response: { 200: IssueListResponse },
      },
    },
    async (request) => {
      const managerId = request.query.manager_id as 1 | 2;
      if (!holds(request, managerId)) throw forbidden();
      const all = request.query.all_issues;
      const results = await issueRows(app.db, request.user.companyId, {
        managerId,
        all: all !== undefined && all !== '0' && all !== 'false',
      });
      return { results, count: results.length };
    },
  );

  r.put(
    '/v1/issue',
    {
      config: { access: MANAGERS },
      schema: {
        tags,
        summary: 'Mark an issue solved (solved=true) or open again (solved=false)',
        querystring: IssueSolveQuery,
        response: { 200: IssueSolveResponse },
      },
    },
    async (request) => {
      const { companyId, id: userId } = request.user;
      const { issue_id } = request.query;
      const solved = request.query.solved === 'true' || request.query.solved === '1';
      await mustHandle(request, issue_id);
      await inTransaction(app.db, request.user, async (trx, ctx) => {
        const version = await ctx.version();
        await trx
          .updateTable('issues')
          .set({
            solved: solved ? 1 : 0,
            solved_at: solved ? nowIso() : null,
            solved_by_user_id: solved ? userId : null,
            version,
          })
          .where('id', '=', issue_id)
          .where('company_id', '=', companyId)
          .execute();
      });
      const [issue] = await issueRows(app.db, companyId, { issueId: issue_id, all: true });
      return { message: solved ? ReportMessages.solved : ReportMessages.reopened, issue };
    },
  );

  r.delete(
    '/v1/issue',
    {
      config: { access: MANAGERS },
      schema: {
        tags,
        summary: 'Delete a solved issue (409 while unsolved)',
        querystring: IssueIdQuery,
        response: { 200: IssueDeleteResponse },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const { issue_id } = request.query;
      await mustHandle(request, issue_id);
      await inTransaction(app.db, request.user, async (trx, ctx) => {
        const version = await ctx.version();
        const res = await trx
          .deleteFrom('issues')
          .where('id', '=', issue_id)
          .where('company_id', '=', companyId)
          .where('solved', '=', 1)
          .executeTakeFirst();
        if (Number(res.numDeletedRows) !== 1) throw conflict(ReportMessages.onlySolvedDeleted);
        await recordTombstone(trx, companyId, 'issues', issue_id, version);
      });
      return { message: ReportMessages.deleted };
    },
  );
}
