import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompanyListResponse,
  CompanyLoginRequest,
  CompanyLoginResponse,
  CompanyMessages,
  CompanyPermissionRequest,
  CreateCompanyRequest,
  CreateCompanyResponse,
  MessageResponse,
} from '../../../contract/admin';
import { audit } from '../../auth/audit';
import { ErrorBody } from '../../../contract/errors';
import {
  createCompany,
  grantCompanyPermission,
  issueTemporaryLogin,
  listCompanies,
  revokeCompanyPermission,
} from './service';

const security = [{ bearer: [] }];

/** Company administration for the platform operator (docs/access.md). */
export async function companyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const brickAdmin = { access: ['brick_admin'] as const };

  /** A company permission granted or revoked: in the audit log and the server's log. */
  async function recordPermissionChange(
    request: FastifyRequest,
    change: 'granted' | 'revoked',
    companyId: number,
    permissionId: number,
  ) {
    await audit(app.db, request.user, `company_permission_${change}`, { companyId, permissionId });
    request.log.info(
      { target_company_id: companyId, permission_id: permissionId },
      `company permission ${change}`,
    );
  }

  app.get(
    '/company',
    {
      config: brickAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Every company with the permissions it holds, and every permission',
        security,
        response: { 200: CompanyListResponse },
      },
    },
    async () => listCompanies(app.db),
  );

  app.post(
    '/company',
    {
      config: brickAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Create a company and invite its first admin by e-mail',
        security,
        body: CreateCompanyRequest,
        response: { 200: CreateCompanyResponse, 400: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const { company, admin } = await createCompany(app, request.body);
      await audit(app.db, request.user, 'company_created', {
        companyId: company.id,
        userId: admin.id,
        detail: `Company ${company.id} "${company.name}"; first admin ${admin.email}`,
      });
      request.log.info(
        { target_company_id: company.id, invited_user_id: admin.id, invited: admin.email },
        'company created',
      );
      return {
        company_id: company.id,
        message: CompanyMessages.created(company.name, admin.email),
      };
    },
  );

  app.post(
    '/company/permission',
    {
      config: brickAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Let a company hold a permission',
        security,
        body: CompanyPermissionRequest,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { company_id, permission_id } = request.body;
      await grantCompanyPermission(app.db, company_id, permission_id);
      await recordPermissionChange(request, 'granted', company_id, permission_id);
      return { message: 'Permission granted.' };
    },
  );

  app.delete(
    '/company/permission',
    {
      config: brickAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Take a permission from a company and from all its users',
        security,
        querystring: CompanyPermissionRequest,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { company_id, permission_id } = request.query;
      await revokeCompanyPermission(app.db, request.user, company_id, permission_id);
      await recordPermissionChange(request, 'revoked', company_id, permission_id);
      return { message: 'Permission revoked.' };
    },
  );

  app.post(
    '/company/login',
    {
      config: brickAdmin,
      schema: {
        tags: ['companies'],
        summary: "A temporary password (24 hours) for the company's support account",
        security,
        body: CompanyLoginRequest,
        response: { 200: CompanyLoginResponse },
      },
    },
    async (request) => {
      const result = await issueTemporaryLogin(app.db, request.body.company_id);
      request.log.info(
        { target_company_id: request.body.company_id, support: result.email },
        'temporary login issued',
      );
      return result;
    },
  );
}
