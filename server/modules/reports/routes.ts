import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IssueDeleteResponse,
  IssueIdQuery,
  IssueListQuery,
  IssueListResponse,
  IssueSolveQuery,
  IssueSolveResponse,
  ReportMessages,
} from '../../../contract/reports';
import { forbidden } from '../../errors';
import { inTransaction } from '../../write/context';
import { issueRows } from './queries';
import { deleteSolved, holds, MANAGERS, mustHandle, setSolved } from './rules';

/** Warehouse Reports and Item Reports: list, mark solved, delete solved. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

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
      if (!holds(request.user, managerId)) throw forbidden();
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
      const { issue_id } = request.query;
      const solved = request.query.solved === 'true' || request.query.solved === '1';
      await mustHandle(app.db, request.user, issue_id);
      await inTransaction(app.db, request.user, (trx, ctx) =>
        setSolved(trx, ctx, issue_id, solved),
      );
      const [issue] = await issueRows(app.db, request.user.companyId, {
        issueId: issue_id,
        all: true,
      });
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
      const { issue_id } = request.query;
      await mustHandle(app.db, request.user, issue_id);
      await inTransaction(app.db, request.user, (trx, ctx) => deleteSolved(trx, ctx, issue_id));
      return { message: ReportMessages.deleted };
    },
  );
}
