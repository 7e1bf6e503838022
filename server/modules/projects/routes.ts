import type { FastifyInstance } from 'fastify';
import {
  BatchCreate,
  BatchList,
  BatchListQuery,
  BatchStatusBody,
  BatchUpdate,
  checkBatch,
  checkProject,
  DeclaimQuery,
  ProjectForm,
  ProjectIdQuery,
  ProjectList,
  ProjectListQuery,
  ProjectName,
  ProjectStatusBody,
  ProjectUpdate,
} from '../../../contract/projects';
import type { SessionUser } from '../../auth/tokens';
import type { WriteCtx } from '../../write/context';
import { batchNames, mustFindBatch, mustFindProject, projectNames, projectRows } from './queries';
import * as rules from './rules';
import { batchesSeenBy, DIGI_MANAGER, DIGITIZERS } from './rules';
import { refuseForm } from '../../http/refuse';
import { routesOf } from '../../http/routes';

type Checked<V> = { ok: true; values: V } | { ok: false; problems: string[] };

/**
 * A form write: takes the version first (as every write does), so the names the check reads are
 * those of this version, then writes the values only when the check passes. Answers the check.
 */
async function writeChecked<V>(
  ctx: WriteCtx,
  check: () => Promise<Checked<V>>,
  write: (values: V) => Promise<unknown>,
): Promise<Checked<V>> {
  await ctx.version();
  const checked = await check();
  if (checked.ok) await write(checked.values);
  return checked;
}

/** Digitizing projects and their batches (docs/projects.md). */
export async function projectsRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'projects');
  const allProjects = (user: SessionUser) => projectRows(app.db, user.companyId);

  api.get(
    '/v1/projects',
    {
      access: DIGITIZERS,
      summary: "The company's projects, optionally only those with the given statuses",
      query: ProjectListQuery,
      answer: ProjectList,
    },
    async ({ query, user }) => ({
      results: await projectRows(app.db, user.companyId, {
        statuses: query.status,
      }),
    }),
  );

  api.put(
    '/v1/projects',
    { access: DIGITIZERS, summary: 'Create a project', body: ProjectForm, answer: ProjectList },
    async ({ body, user, change, reply }) => {
      const checked = await change((trx, ctx) =>
        writeChecked(
          ctx,
          async () => checkProject(body, 'create', await projectNames(trx, ctx.companyId)),
          (values) => rules.createProject(trx, ctx, values),
        ),
      );
      if (!checked.ok) return refuseForm(reply, checked.problems);
      return { results: await allProjects(user) };
    },
  );

  api.post(
    '/v1/projects',
    { access: DIGITIZERS, summary: 'Update a project', body: ProjectUpdate, answer: ProjectList },
    async ({ body, user, change, reply }) => {
      const id = body.project_id;
      await mustFindProject(app.db, user.companyId, id);
      const checked = await change((trx, ctx) =>
        writeChecked(
          ctx,
          async () => checkProject(body, 'update', await projectNames(trx, ctx.companyId, id)),
          (values) => rules.updateProject(trx, ctx, id, values),
        ),
      );
      if (!checked.ok) return refuseForm(reply, checked.problems);
      return { results: await allProjects(user) };
    },
  );

  api.post(
    '/v1/projects/status',
    {
      access: DIGI_MANAGER,
      summary: "Set a project's status (any status may follow any other)",
      body: ProjectStatusBody,
      answer: ProjectList,
    },
    async ({ body, user, change }) => {
      const { project_id, status } = body;
      await mustFindProject(app.db, user.companyId, project_id);
      await change((trx, ctx) => rules.setProjectStatus(trx, ctx, project_id, status));
      return { results: await allProjects(user) };
    },
  );

  api.get(
    '/v1/projects/name',
    { access: DIGITIZERS, summary: "A project's name", query: ProjectIdQuery, answer: ProjectName },
    async ({ query, user }) => {
      const p = await mustFindProject(app.db, user.companyId, query.project_id);
      return { project_name: p.name };
    },
  );

  api.get(
    '/v1/batches',
    {
      access: DIGITIZERS,
      summary: "A project's batches, optionally only those with the given statuses",
      query: BatchListQuery,
      answer: BatchList,
    },
    async ({ query, user }) => {
      const { project_id, status } = query;
      await mustFindProject(app.db, user.companyId, project_id);
      return { results: await batchesSeenBy(app.db, user, project_id, status) };
    },
  );

  api.put(
    '/v1/batches',
    {
      access: DIGITIZERS,
      summary: 'Create a batch in the project',
      query: ProjectIdQuery,
      body: BatchCreate,
      answer: BatchList,
    },
    async ({ query, body, user, change, reply }) => {
      const projectId = query.project_id;
      await mustFindProject(app.db, user.companyId, projectId);
      const checked = await change((trx, ctx) =>
        writeChecked(
          ctx,
          async () => checkBatch(body, await batchNames(trx, ctx.companyId, projectId)),
          (values) => rules.createBatch(trx, ctx, projectId, values),
        ),
      );
      if (!checked.ok) return refuseForm(reply, checked.problems);
      return { results: await batchesSeenBy(app.db, user, projectId) };
    },
  );

  api.post(
    '/v1/batches',
    {
      access: DIGITIZERS,
      summary: "Update a batch's name, comments and hours",
      query: ProjectIdQuery,
      body: BatchUpdate,
      answer: BatchList,
    },
    async ({ query, body, user, change, reply }) => {
      const projectId = query.project_id;
      const batchId = body.batch_id;
      await mustFindBatch(app.db, user.companyId, projectId, batchId);
      const checked = await change((trx, ctx) =>
        writeChecked(
          ctx,
          async () => checkBatch(body, await batchNames(trx, ctx.companyId, projectId, batchId)),
          (values) => rules.updateBatch(trx, ctx, batchId, values),
        ),
      );
      if (!checked.ok) return refuseForm(reply, checked.problems);
      return { results: await batchesSeenBy(app.db, user, projectId) };
    },
  );

  api.post(
    '/v1/batches/status',
    {
      access: DIGI_MANAGER,
      summary: "Set a batch's status; 'ready for filling' puts its trays on the floor",
      query: ProjectIdQuery,
      body: BatchStatusBody,
      answer: BatchList,
    },
    async ({ query, body, user, change }) => {
      const projectId = query.project_id;
      const { batch_id, status } = body;
      await mustFindBatch(app.db, user.companyId, projectId, batch_id);
      await change((trx, ctx) => rules.setBatchStatus(trx, ctx, projectId, batch_id, status));
      return { results: await batchesSeenBy(app.db, user, projectId) };
    },
  );

  api.post(
    '/v1/batch/declaim',
    {
      access: DIGI_MANAGER,
      summary: "Release the claim on a batch's trays",
      query: DeclaimQuery,
      answer: BatchList,
    },
    async ({ query, user, change }) => {
      const { project_id, batch_id } = query;
      await mustFindBatch(app.db, user.companyId, project_id, batch_id);
      await change((trx, ctx) => rules.declaim(trx, ctx, project_id, batch_id));
      return { results: await batchesSeenBy(app.db, user, project_id) };
    },
  );
}
