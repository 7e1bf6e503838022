import type { FastifyInstance } from 'fastify';
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
import { routesOf } from '../../http/routes';

/** User administration and the log download (docs/access.md). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'admin');
  const admin = ['admin'] as const;

  api.get(
    '/user',
    {
      access: admin,
      summary: "The company's users with their permissions, and the permissions it holds",
      answer: UserListResponse,
    },
    async ({ user }) => listUsers(app.db, user.companyId),
  );

  api.post(
    '/user',
    {
      access: admin,
      summary: 'Invite a user to the company by e-mail',
      body: AddUserRequest,
      answer: MessageResponse,
    },
    async ({ body, user, request }) => {
      const invited = await inviteUser(app, user, body);
      if (invited) {
        request.log.info({ invited_user_id: invited.id, invited: invited.email }, 'user invited');
      }
      return { message: ADD_USER_SUCCESS };
    },
  );

  api.delete(
    '/user',
    {
      access: admin,
      summary: 'Delete a user of the company',
      query: DeleteUserQuery,
      answer: MessageResponse,
    },
    async ({ query, user, request }) => {
      const { email } = await deleteUser(app.db, user, query.user_id);
      request.log.info({ deleted_user_id: query.user_id, deleted: email }, 'user deleted');
      return { message: `${email} has been deleted.` };
    },
  );

  api.post(
    '/user/permission',
    {
      access: admin,
      summary: 'Grant a permission the company holds to one of its users',
      body: UserPermissionRequest,
      answer: MessageResponse,
    },
    async ({ body, user, request }) => {
      const { user_id, permission_id } = body;
      await grantUserPermission(app.db, user, user_id, permission_id);
      request.log.info({ target_user_id: user_id, permission_id }, 'user permission granted');
      return { message: 'Permission granted.' };
    },
  );

  api.delete(
    '/user/permission',
    {
      access: admin,
      summary: 'Revoke a permission from one of the company’s users',
      query: UserPermissionRequest,
      answer: MessageResponse,
    },
    async ({ query, user, request }) => {
      const { user_id, permission_id } = query;
      await revokeUserPermission(app.db, user, user_id, permission_id);
      request.log.info({ target_user_id: user_id, permission_id }, 'user permission revoked');
      return { message: 'Permission revoked.' };
    },
  );

  api.get(
    '/log',
    {
      access: ['admin', 'brick_admin'],
      summary:
        'Download the newest server log lines as text: the own company’s for an admin, all for a brick admin',
      answer: z.string(),
    },
    async ({ user, reply }) => {
      const everything = user.permissions.includes(Permission.brick_admin);
      const raw = await readTail(logFilePath(app.config.dataDir), LOG_SCAN_BYTES);
      const text = logText(raw, everything ? null : user.companyId, LOG_DOWNLOAD_BYTES);
      const name = logFileName(new Date());
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(text);
    },
  );
}
