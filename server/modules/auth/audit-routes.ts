import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

/**
 * GET /api/v1/audit: sign-ins, permission changes, deletions, store changes and new companies,
 * newest first, filtered by who, action, days and (platform admin) company. A company admin reads
 * their company's entries only (naming another company is refused); the brick admin reads all.
 */
export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/audit',
    {
      config: { access: ['admin', 'brick_admin'] as const },
      schema: {
        tags: ['admin'],
        summary:
          'The audit log (sign-ins, permission changes, deletions, store changes, new companies), newest first, filtered, paged',
        security: [{ bearer: [] }],
        querystring: AuditQuery,
        response: { 200: AuditListResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const everything = request.user.permissions.includes(Permission.brick_admin);
      const { page, limit, company_id, ...filter } = request.query;
      if (!everything && company_id !== undefined && company_id !== request.user.companyId) {
        throw forbidden(AUDIT_OTHER_COMPANY);
      }
      if (filter.from && filter.to && filter.from > filter.to)
        throw badRequest(AUDIT_DAYS_REVERSED);
      const company = everything ? (company_id ?? null) : request.user.companyId;
      return listAudit(app.db, company, page, limit, filter);
    },
  );
}
