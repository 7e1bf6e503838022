import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeList,
  LogsParams,
  LogsQuery,
  ReviewRequest,
  SuggestionList,
  SuggestionListQuery,
  SuggestionParams,
  SuggestionRequest,
} from '../../../contract/catalog-review';
import { listChanges } from './changelog';
import { CATALOG_ROLES } from './lookup-routes';
import {
  acceptSuggestion,
  createSuggestion,
  listSuggestions,
  rejectSuggestion,
} from './suggestions';

const ADMIN = ['admin'] as const;
/** Who may ask to review; suggestions.ts narrows it to the catalog's curators. */
const REVIEWERS = ['admin', 'brick_admin'] as const;
const Created = z.object({ uuid: z.string(), changes: z.record(z.string(), z.unknown()) });
const Done = z.object({ uuid: z.string(), status: z.enum(['accepted', 'rejected']) });

/**
 * Suggestions and the changelog (docs/catalog.md). The catalog staff propose edits and relations
 * and read an object's history; the admin reviews suggestions and reads the whole changelog. The
 * catalog is shared by every company, so is its review.
 */
export async function catalogReviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v3/brickbase/suggestions/',
    {
      config: { access: CATALOG_ROLES },
      schema: {
        tags: ['brickbase'],
        summary: 'Propose an edit of an object (object_uuid) or a relation (changes.from, .to)',
        body: SuggestionRequest,
        response: { 201: Created },
      },
    },
    async (request, reply) => {
      const created = await createSuggestion(app.db, request.user, request.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/v3/brickbase/suggestions/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['brickbase'],
        summary: 'Suggestions in the given states (comma-joined), newest first, zero-based pages',
        querystring: SuggestionListQuery,
        response: { 200: SuggestionList },
      },
    },
    async (request) => {
      const { status, page, size } = request.query;
      return listSuggestions(app.db, request.user, status, page, size);
    },
  );

  for (const action of ['accept', 'reject'] as const) {
    r.post(
      `/v3/brickbase/suggestion/:uuid/${action}/`,
      {
        config: { access: REVIEWERS },
        schema: {
          tags: ['brickbase'],
          description: `Only a curator (the platform admin, or an admin of the company that runs the platform) who did not make the suggestion; 403 otherwise.`,
          summary:
            action === 'accept'
              ? 'Accept an open suggestion: the catalog changes and the changelog records it'
              : 'Reject an open suggestion',
          params: SuggestionParams,
          body: ReviewRequest,
          response: { 200: Done },
        },
      },
      async (request) => {
        const { uuid } = request.params;
        if (action === 'accept') await acceptSuggestion(app.db, request.user, uuid);
        else await rejectSuggestion(app.db, request.user, uuid);
        return { uuid, status: action === 'accept' ? 'accepted' : 'rejected' } as const;
      },
    );
  }

  r.get(
    '/v3/brickbase/logs/',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['brickbase'],
        summary: 'The catalog changelog, newest first',
        querystring: LogsQuery,
        response: { 200: ChangeList },
      },
    },
    async (request) => listChanges(app.db, request.query.page, request.query.size),
  );

  r.get(
    '/v3/brickbase/logs/:uuid/',
    {
      config: { access: CATALOG_ROLES },
      schema: {
        tags: ['brickbase'],
        summary: "One object's changelog, newest first",
        params: LogsParams,
        querystring: LogsQuery,
        response: { 200: ChangeList },
      },
    },
    async (request) =>
      listChanges(app.db, request.query.page, request.query.size, request.params.uuid),
  );
}
