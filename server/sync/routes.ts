import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../contract/errors';
import { hasAnyRole } from '../../contract/permissions';
import { PullQuery, PullResponse, PushRequest, PushResponse } from '../../contract/sync';
import { AppError, badRequest, forbidden } from '../errors';
import { findCollection } from './collections';
import { scheduleHousekeeping } from './housekeeping';
import { pullPage } from './pull';
import { pushMutations } from './push';

/** POST /v1/sync/push and GET /v1/sync/pull (mounted under /api). */
export async function syncRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  scheduleHousekeeping(app);

  r.post(
    '/v1/sync/push',
    {
      config: { access: 'user' },
      schema: {
        tags: ['sync'],
        summary: 'Apply a batch of outbox mutations, each at most once',
        body: PushRequest,
        response: { 200: PushResponse },
      },
    },
    async (request) => {
      const outcome = await pushMutations(app.db, request.log, request.user, request.body);
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

  r.get(
    '/v1/sync/pull',
    {
      config: { access: 'user' },
      schema: {
        tags: ['sync'],
        summary: 'Rows and tombstones of a collection changed since a cursor',
        querystring: PullQuery,
        response: { 200: PullResponse },
      },
    },
    async (request) => {
      const { collection, cursor, limit } = request.query;
      const def = findCollection(collection);
      if (!def) throw badRequest(`Unknown collection: ${collection}`);
      if (def.roles.length > 0 && !hasAnyRole(request.user.permissions, def.roles)) {
        throw forbidden();
      }
      return pullPage(app.db, def, request.user.companyId, cursor, limit);
    },
  );
}
