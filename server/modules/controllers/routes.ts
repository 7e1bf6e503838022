import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  CONTROLLER_PAGE_SIZE,
  ControllerListQuery,
  ControllerListResponse,
  ControllerPreview,
  ControllerRun,
  statusesOf,
  type ControllerStatus,
  type StatusGroup,
} from '../../../contract/controllers';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { failInterruptedRuns, type ControllerJobs } from './jobs';
import { routesOf } from '../../http/routes';

/** Controllers are the admin's (the catalog is shared by every company, runs are too). */
const ADMIN = ['admin'] as const;

function runs(db: Kysely<Database>) {
  return db
    .selectFrom('controller_runs as r')
    .leftJoin('users as u', 'u.id', 'r.created_by_user_id')
    .select([
      'r.id',
      'r.status',
      'r.created_at',
      'r.updated_at',
      'r.finished_at',
      'r.error',
      'r.progress',
      'r.created_by_user_id',
      'u.name as user_name',
    ]);
}

type RunRow = Awaited<ReturnType<ReturnType<typeof runs>['executeTakeFirstOrThrow']>>;

function toRun(r: RunRow): ControllerRun {
  return {
    id: r.id,
    status: r.status as ControllerStatus,
    created_by: r.created_by_user_id === null ? null : { name: r.user_name ?? '' },
    created_at: r.created_at,
    updated_at: r.updated_at,
    finished_at: r.finished_at,
    error: r.error,
    progress: r.progress ? (JSON.parse(r.progress) as ControllerRun['progress']) : null,
  };
}

export function controllerRoutes(jobs: ControllerJobs) {
  return async (app: FastifyInstance): Promise<void> => {
    const api = routesOf(app, 'brickbase');

    api.get(
      '/v3/brickbase/controllers/',
      {
        access: ADMIN,
        summary: 'Controller runs, newest first: page (zero-based), size, status groups',
        query: ControllerListQuery,
        answer: ControllerListResponse,
      },
      async ({ query }) => {
        await failInterruptedRuns(app.db);
        const page = Number(query.page ?? 0);
        const size = Number(query.size ?? CONTROLLER_PAGE_SIZE);
        const groups = (query.status ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean) as StatusGroup[];
        const statuses = groups.flatMap(statusesOf);
        let q = runs(app.db);
        let c = app.db.selectFrom('controller_runs as r');
        if (groups.length > 0) {
          q = q.where('r.status', 'in', statuses);
          c = c.where('r.status', 'in', statuses);
        }
        const [rows, count] = await Promise.all([
          q
            .orderBy('r.created_at', 'desc')
            .orderBy('r.id', 'desc')
            .limit(size)
            .offset(page * size)
            .execute(),
          countRows(c),
        ]);
        return { count, results: rows.map(toRun) };
      },
    );

    api.get(
      '/v3/brickbase/controller/preview/',
      {
        access: ADMIN,
        summary:
          'What a controller would change: the dump compared with the catalog, nothing written',
        description:
          'Per dump file up to the parts in colours: rows read, new, changed, unchanged and skipped, and a few changed rows with old and new values. Relations and inventories are compared by the run only. A dump the run would refuse is told in `error`.',
        answer: ControllerPreview,
      },
      async () => jobs.preview(),
    );

    api.post(
      '/v3/brickbase/controller/async/',
      {
        access: ADMIN,
        summary: 'Start a controller: import the catalog dump in the background',
        body: z.unknown().optional(),
        answer: ControllerRun,
        status: 202,
      },
      async ({ user }) => jobs.start(user.id),
    );
  };
}
