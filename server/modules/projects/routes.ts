import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../../contract/errors';
import { Permission } from '../../../contract/permissions';
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
import { inTransaction } from '../../write/context';
import {
  batchNames,
  batchRows,
  mustFindBatch,
  mustFindProject,
  projectNames,
  projectRows,
} from './queries';
import * as rules from './rules';
import { DIGI_MANAGER, DIGITIZERS } from './rules';

/** Every failed form check at once, one detail per message. */
function refuseForm(reply: FastifyReply, problems: string[]) {
  return reply
    .status(400)
    .send({ errors: problems.map((detail) => ({ detail, code: ErrorCode.validation })) });
}

const isManager = (user: SessionUser) => user.permissions.includes(Permission.digibrick_manager);

/** Digitizing projects and their batches (docs/projects.md). */
export async function projectsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const allProjects = (user: SessionUser) => projectRows(app.db, user.companyId);
  const allBatches = (user: SessionUser, projectId: number) =>
    batchRows(app.db, user.companyId, projectId, { showClaimant: isManager(user) });

  r.get(
    '/v1/projects',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: "The company's projects, optionally only those with the given statuses",
        querystring: ProjectListQuery,
        response: { 200: ProjectList },
      },
    },
    async (request) => ({
      results: await projectRows(app.db, request.user.companyId, {
        statuses: request.query.status,
      }),
    }),
  );

  r.put(
    '/v1/projects',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: 'Create a project',
        body: ProjectForm,
        response: { 200: ProjectList },
      },
    },
    async (request, reply) => {
      const checked = await inTransaction(app.db, request.user, async (trx, ctx) => {
        await ctx.version();
        const c = checkProject(request.body, 'create', await projectNames(trx, ctx.companyId));
        if (c.ok) await rules.createProject(trx, ctx, c.values);
        return c;
      });
      if (!checked.ok) return refuseForm(reply, checked.problems);
      return { results: await allProjects(request.user) };
    },
  );

  r.post(
    '/v1/projects',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: 'Update a project',
        body: ProjectUpdate,
        response: { 200: ProjectList },
      },
    },
    async (request, reply) => {
      const id = request.body.project_id;
      await mustFindProject(app.db, request.user.companyId, id);
      const checked = await inTransaction(app.db, request.user, async (trx, ctx) => {
        await ctx.version();
        const c = checkProject(request.body, 'update', await projectNames(trx, ctx.companyId, id));
        if (c.ok) await rules.updateProject(trx, ctx, id, c.values);
        return c;
      });
      if (!checked.ok) return refuseForm(reply, checked.problems);
      return { results: await allProjects(request.user) };
    },
  );

  r.post(
    '/v1/projects/status',
    {
      config: { access: DIGI_MANAGER },
      schema: {
        tags,
        summary: "Set a project's status (any status may follow any other)",
        body: ProjectStatusBody,
        response: { 200: ProjectList },
      },
    },
    async (request) => {
      const { project_id, status } = request.body;
      await mustFindProject(app.db, request.user.companyId, project_id);
      await inTransaction(app.db, request.user, (trx, ctx) =>
        rules.setProjectStatus(trx, ctx, project_id, status),
      );
      return { results: await allProjects(request.user) };
    },
  );

  r.get(
    '/v1/projects/name',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: "A project's name",
        querystring: ProjectIdQuery,
        response: { 200: ProjectName },
      },
    },
    async (request) => {
      const p = await mustFindProject(app.db, request.user.companyId, request.query.project_id);
      return { project_name: p.name };
    },
  );

  r.get(
    '/v1/batches',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: "A project's batches, optionally only those with the given statuses",
        querystring: BatchListQuery,
        response: { 200: BatchList },
      },
    },
    async (request) => {
      const { project_id, status } = request.query;
      await mustFindProject(app.db, request.user.companyId, project_id);
      const results = await batchRows(app.db, request.user.companyId, project_id, {
        statuses: status,
        showClaimant: isManager(request.user),
      });
      return { results };
    },
  );

  r.put(
    '/v1/batches',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: 'Create a batch in the project',
        querystring: ProjectIdQuery,
        body: BatchCreate,
        response: { 200: BatchList },
      },
    },
    async (request, reply) => {
      const projectId = request.query.project_id;
      await mustFindProject(app.db, request.user.companyId, projectId);
      const checked = await inTransaction(app.db, request.user, async (trx, ctx) => {
        await ctx.version();
        const c = checkBatch(request.body, await batchNames(trx, ctx.companyId, projectId));
        if (c.ok) await rules.createBatch(trx, ctx, projectId, c.values);
        return c;
      });
      if (!checked.ok) return refuseForm(reply, checked.problems);
      return { results: await allBatches(request.user, projectId) };
    },
  );

  r.post(
    '/v1/batches',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: "Update a batch's name, comments and hours",
        querystring: ProjectIdQuery,
        body: BatchUpdate,
        response: { 200: BatchList },
      },
    },
    async (request, reply) => {
      const projectId = request.query.project_id;
      const batchId = request.body.batch_id;
      await mustFindBatch(app.db, request.user.companyId, projectId, batchId);
      const checked = await inTransaction(app.db, request.user, async (trx, ctx) => {
        await ctx.version();
        const taken = await batchNames(trx, ctx.companyId, projectId, batchId);
        const c = checkBatch(request.body, taken);
        if (c.ok) await rules.updateBatch(trx, ctx, batchId, c.values);
        return c;
      });
      if (!checked.ok) return refuseForm(reply, checked.problems);
      return { results: await allBatches(request.user, projectId) };
    },
  );

  r.post(
    '/v1/batches/status',
    {
      config: { access: DIGI_MANAGER },
      schema: {
        tags,
        summary: "Set a batch's status; 'ready for filling' puts its trays on the floor",
        querystring: ProjectIdQuery,
        body: BatchStatusBody,
        response: { 200: BatchList },
      },
    },
    async (request) => {
      const projectId = request.query.project_id;
      const { batch_id, status } = request.body;
      await mustFindBatch(app.db, request.user.companyId, projectId, batch_id);
      await inTransaction(app.db, request.user, (trx, ctx) =>
        rules.setBatchStatus(trx, ctx, projectId, batch_id, status),
      );
      return { results: await allBatches(request.user, projectId) };
    },
  );

  r.post(
    '/v1/batch/declaim',
    {
      config: { access: DIGI_MANAGER },
      schema: {
        tags,
        summary: "Release the claim on a batch's trays",
        querystring: DeclaimQuery,
        response: { 200: BatchList },
      },
    },
    async (request) => {
      const { project_id, batch_id } = request.query;
      await mustFindBatch(app.db, request.user.companyId, project_id, batch_id);
      await inTransaction(app.db, request.user, (trx, ctx) =>
        rules.declaim(trx, ctx, project_id, batch_id),
      );
      return { results: await allBatches(request.user, project_id) };
    },
  );
}
