import type { FastifyInstance } from 'fastify';
import { isFlagOn } from '../../../contract/fields';
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
import { issueRows } from './queries';
import { deleteSolved, holds, MANAGERS, mustHandle, setSolved } from './rules';
import { routesOf } from '../../http/routes';

/** Warehouse Reports and Item Reports: list, mark solved, delete solved. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'reports');

  api.get(
    '/v1/issue',
    {
      access: MANAGERS,
      summary: 'Issues for manager 1 (warehouse) or 2 (order), with those for both (3)',
      query: IssueListQuery,
      answer: IssueListResponse,
    },
    async ({ query, user }) => {
      const managerId = query.manager_id as 1 | 2;
      if (!holds(user, managerId)) throw forbidden();
      const results = await issueRows(app.db, user.companyId, {
        managerId,
        all: isFlagOn(query.all_issues),
      });
      return { results, count: results.length };
    },
  );

  api.put(
    '/v1/issue',
    {
      access: MANAGERS,
      summary: 'Mark an issue solved (solved=true) or open again (solved=false)',
      query: IssueSolveQuery,
      answer: IssueSolveResponse,
    },
    async ({ query, user, change }) => {
      const { issue_id } = query;
      const solved = query.solved === 'true' || query.solved === '1';
      await mustHandle(app.db, user, issue_id);
      await change((trx, ctx) => setSolved(trx, ctx, issue_id, solved));
      const [issue] = await issueRows(app.db, user.companyId, {
        issueId: issue_id,
        all: true,
      });
      return { message: solved ? ReportMessages.solved : ReportMessages.reopened, issue };
    },
  );

  api.delete(
    '/v1/issue',
    {
      access: MANAGERS,
      summary: 'Delete a solved issue (409 while unsolved)',
      query: IssueIdQuery,
      answer: IssueDeleteResponse,
    },
    async ({ query, user, change }) => {
      const { issue_id } = query;
      await mustHandle(app.db, user, issue_id);
      await change((trx, ctx) => deleteSolved(trx, ctx, issue_id));
      return { message: ReportMessages.deleted };
    },
  );
}
