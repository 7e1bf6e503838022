import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { routesOf } from '../../http/routes';

/** Company administration for the platform operator (docs/access.md). */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'companies');
  const brickAdmin = ['brick_admin'] as const;

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

  api.get(
    '/company',
    {
      access: brickAdmin,
      summary: 'Every company with the permissions it holds, and every permission',
      answer: CompanyListResponse,
    },
    async () => listCompanies(app.db),
  );

  api.post(
    '/company',
    {
      access: brickAdmin,
      summary: 'Create a company and invite its first admin by e-mail',
      body: CreateCompanyRequest,
      answer: CreateCompanyResponse,
      otherAnswers: { 400: ErrorBody, 409: ErrorBody },
    },
    async ({ body, user, request }) => {
      const { company, admin } = await createCompany(app, body);
      await audit(app.db, user, 'company_created', {
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

  api.post(
    '/company/permission',
    {
      access: brickAdmin,
      summary: 'Let a company hold a permission',
      body: CompanyPermissionRequest,
      answer: MessageResponse,
    },
    async ({ body, request }) => {
      const { company_id, permission_id } = body;
      await grantCompanyPermission(app.db, company_id, permission_id);
      await recordPermissionChange(request, 'granted', company_id, permission_id);
      return { message: 'Permission granted.' };
    },
  );

  api.delete(
    '/company/permission',
    {
      access: brickAdmin,
      summary: 'Take a permission from a company and from all its users',
      query: CompanyPermissionRequest,
      answer: MessageResponse,
    },
    async ({ query, user, request }) => {
      const { company_id, permission_id } = query;
      await revokeCompanyPermission(app.db, user, company_id, permission_id);
      await recordPermissionChange(request, 'revoked', company_id, permission_id);
      return { message: 'Permission revoked.' };
    },
  );

  api.post(
    '/company/login',
    {
      access: brickAdmin,
      summary: "A temporary password (24 hours) for the company's support account",
      body: CompanyLoginRequest,
      answer: CompanyLoginResponse,
    },
    async ({ body, request }) => {
      const result = await issueTemporaryLogin(app.db, body.company_id);
      request.log.info(
        { target_company_id: body.company_id, support: result.email },
        'temporary login issued',
      );
      return result;
    },
  );
}
