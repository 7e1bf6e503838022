import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/errors';
import { hasAnyRole } from '../../contract/permissions';
import { PullQuery, PullResponse, PushRequest, PushResponse } from '../../contract/sync';
import { AppError, badRequest, forbidden } from '../errors';
import { findCollection } from './collections';
import { scheduleHousekeeping } from './housekeeping';
import { pullPage } from './pull';
import { pushMutations } from './push';
import { routesOf } from '../http/routes';

/** POST /v1/sync/push and GET /v1/sync/pull (mounted under /api). */
export async function syncRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'sync');
  scheduleHousekeeping(app);

  api.post(
    '/v1/sync/push',
    {
      access: 'user',
      summary: 'Apply a batch of outbox mutations, each at most once',
      body: PushRequest,
      answer: PushResponse,
    },
    async ({ body, user, request }) => {
      const outcome = await pushMutations(app.db, request.log, user, body);
      if (outcome.stoppedAt !== undefined && outcome.results.length === 0) {
        throw new AppError(
          503,
          'The server could not process the changes; they will be sent again.',
          ErrorCode.internal,
        );
      }
      return { results: outcome.results, last_seq: outcome.lastSeq };
    },
  );

  api.get(
    '/v1/sync/pull',
    {
      access: 'user',
      summary: 'Rows and tombstones of a collection changed since a cursor',
      query: PullQuery,
      answer: PullResponse,
    },
    async ({ query, user }) => {
      const { collection, cursor, limit } = query;
      const def = findCollection(collection);
      if (!def) throw badRequest(`Unknown collection: ${collection}`);
      if (def.roles.length > 0 && !hasAnyRole(user.permissions, def.roles)) {
        throw forbidden();
      }
      return pullPage(app.db, def, user.companyId, cursor, limit);
    },
  );
}
