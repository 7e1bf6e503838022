import type { FastifyInstance } from 'fastify';
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
import { routesOf } from '../../http/routes';

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
  const api = routesOf(app, 'brickbase');

  api.post(
    '/v3/brickbase/suggestions/',
    {
      access: CATALOG_ROLES,
      summary: 'Propose an edit of an object (object_uuid) or a relation (changes.from, .to)',
      body: SuggestionRequest,
      answer: Created,
      status: 201,
    },
    async ({ body, user }) => createSuggestion(app.db, user, body),
  );

  api.get(
    '/v3/brickbase/suggestions/',
    {
      access: ADMIN,
      summary: 'Suggestions in the given states (comma-joined), newest first, zero-based pages',
      query: SuggestionListQuery,
      answer: SuggestionList,
    },
    async ({ query, user }) => {
      const { status, page, size } = query;
      return listSuggestions(app.db, user, status, page, size);
    },
  );

  for (const action of ['accept', 'reject'] as const) {
    api.post(
      `/v3/brickbase/suggestion/:uuid/${action}/`,
      {
        access: REVIEWERS,
        description: `Only a curator (the platform admin, or an admin of the company that runs the platform) who did not make the suggestion; 403 otherwise.`,
        summary:
          action === 'accept'
            ? 'Accept an open suggestion: the catalog changes and the changelog records it'
            : 'Reject an open suggestion',
        params: SuggestionParams,
        body: ReviewRequest,
        answer: Done,
      },
      async ({ params, user }) => {
        const { uuid } = params;
        if (action === 'accept') await acceptSuggestion(app.db, user, uuid);
        else await rejectSuggestion(app.db, user, uuid);
        return { uuid, status: action === 'accept' ? 'accepted' : 'rejected' } as const;
      },
    );
  }

  api.get(
    '/v3/brickbase/logs/',
    {
      access: ADMIN,
      summary: 'The catalog changelog, newest first',
      query: LogsQuery,
      answer: ChangeList,
    },
    async ({ query }) => listChanges(app.db, query.page, query.size),
  );

  api.get(
    '/v3/brickbase/logs/:uuid/',
    {
      access: CATALOG_ROLES,
      summary: "One object's changelog, newest first",
      params: LogsParams,
      query: LogsQuery,
      answer: ChangeList,
    },
    async ({ query, params }) => listChanges(app.db, query.page, query.size, params.uuid),
  );
}
