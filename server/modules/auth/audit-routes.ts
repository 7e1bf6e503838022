import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditListResponse, AuditQuery } from '../../../contract/audit';
import { ErrorBody } from '../../../contract/errors';
import { Permission } from '../../../contract/permissions';
import { listAudit } from '../../auth/audit';

/**
 * GET /api/v1/audit: sign-ins, permission changes, deletions and store changes, newest first. A company admin
 * reads their company's entries only; the brick admin reads all.
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
          'The audit log (sign-ins, permission changes, deletions, store changes), newest first, paged',
        security: [{ bearer: [] }],
        querystring: AuditQuery,
        response: { 200: AuditListResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const everything = request.user.permissions.includes(Permission.brick_admin);
      const { page, limit } = request.query;
      return listAudit(app.db, everything ? null : request.user.companyId, page, limit);
    },
  );
}
