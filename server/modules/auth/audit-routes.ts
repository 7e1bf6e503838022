import type { FastifyInstance } from 'fastify';
import {
  AUDIT_DAYS_REVERSED,
  AUDIT_OTHER_COMPANY,
  AuditListResponse,
  AuditQuery,
} from '../../../contract/audit';
import { ErrorBody } from '../../../contract/errors';
import { Permission } from '../../../contract/permissions';
import { listAudit } from '../../auth/audit';
import { badRequest, forbidden } from '../../errors';
import { routesOf } from '../../http/routes';

/**
 * GET /api/v1/audit: sign-ins, permission changes, deletions, store changes and new companies,
 * newest first, filtered by who, action, days and (platform admin) company. A company admin reads
 * their company's entries only (naming another company is refused); the brick admin reads all.
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'admin');
  api.get(
    '/v1/audit',
    {
      access: ['admin', 'brick_admin'],
      summary:
        'The audit log (sign-ins, permission changes, deletions, store changes, new companies), newest first, filtered, paged',
      query: AuditQuery,
      answer: AuditListResponse,
      otherAnswers: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
    async ({ query, user }) => {
      const everything = user.permissions.includes(Permission.brick_admin);
      const { page, limit, company_id, ...filter } = query;
      if (!everything && company_id !== undefined && company_id !== user.companyId) {
        throw forbidden(AUDIT_OTHER_COMPANY);
      }
      if (filter.from && filter.to && filter.from > filter.to)
        throw badRequest(AUDIT_DAYS_REVERSED);
      const company = everything ? (company_id ?? null) : user.companyId;
      return listAudit(app.db, company, page, limit, filter);
    },
  );
}
