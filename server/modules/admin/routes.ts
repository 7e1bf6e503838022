import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADD_USER_SUCCESS,
  AddUserRequest,
  DeleteUserQuery,
  logFileName,
  MessageResponse,
  UserListResponse,
  UserPermissionRequest,
} from '../../../contract/admin';
import { Permission } from '../../../contract/permissions';
import { logFilePath } from '../../logging';
import { LOG_DOWNLOAD_BYTES, LOG_SCAN_BYTES, logText, readTail } from './logs';
import {
  deleteUser,
  grantUserPermission,
  inviteUser,
  listUsers,
  revokeUserPermission,
} from './users';

const security = [{ bearer: [] }];

/** User administration and the log download (docs/access.md). */
export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { access: ['admin'] as const };

  app.get(
    '/user',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: "The company's users with their permissions, and the permissions it holds",
        security,
        response: { 200: UserListResponse },
      },
    },
    async (request) => listUsers(app.db, request.user.companyId),
  );

  app.post(
    '/user',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Invite a user to the company by e-mail',
        security,
        body: AddUserRequest,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const user = await inviteUser(app, request.user, request.body);
      if (user) request.log.info({ invited_user_id: user.id, invited: user.email }, 'user invited');
      return { message: ADD_USER_SUCCESS };
    },
  );

  app.delete(
    '/user',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a user of the company',
        security,
        querystring: DeleteUserQuery,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { email } = await deleteUser(app.db, request.user, request.query.user_id);
      request.log.info({ deleted_user_id: request.query.user_id, deleted: email }, 'user deleted');
      return { message: `${email} has been deleted.` };
    },
  );

  app.post(
    '/user/permission',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Grant a permission the company holds to one of its users',
        security,
        body: UserPermissionRequest,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { user_id, permission_id } = request.body;
      await grantUserPermission(app.db, request.user, user_id, permission_id);
      request.log.info({ target_user_id: user_id, permission_id }, 'user permission granted');
      return { message: 'Permission granted.' };
    },
  );

  app.delete(
    '/user/permission',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Revoke a permission from one of the company’s users',
        security,
        querystring: UserPermissionRequest,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { user_id, permission_id } = request.query;
      await revokeUserPermission(app.db, request.user, user_id, permission_id);
      request.log.info({ target_user_id: user_id, permission_id }, 'user permission revoked');
      return { message: 'Permission revoked.' };
    },
  );

  app.get(
    '/log',
    {
      config: { access: ['admin', 'brick_admin'] as const },
      schema: {
        tags: ['admin'],
        summary:
          'Download the newest server log lines as text: the own company’s for an admin, all for a brick admin',
        security,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const everything = request.user.permissions.includes(Permission.brick_admin);
      const raw = await readTail(logFilePath(app.config.dataDir), LOG_SCAN_BYTES);
      const text = logText(raw, everything ? null : request.user.companyId, LOG_DOWNLOAD_BYTES);
      const name = logFileName(new Date());
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(text);
    },
  );
}
