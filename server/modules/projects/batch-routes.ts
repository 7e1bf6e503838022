import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BackupCreateBody,
  BackupCreateQuery,
  BackupList,
  BackupListQuery,
  BackupResetQuery,
  checkMerge,
  DuplicateBody,
  MergeBody,
} from '../../../contract/batches';
import { ErrorCode } from '../../../contract/errors';
import { Permission } from '../../../contract/permissions';
import { BatchList, ProjectIdQuery } from '../../../contract/projects';
import type { SessionUser } from '../../auth/tokens';
import { inTransaction } from '../../write/context';
import { backupRows, createBackup, mustBeOwnRecentBackup, resetFromBackup } from './backups';
import { duplicateBatches, DuplicateRefused, mergeBatches } from './merge';
import { batchRows, mustFindProject } from './queries';
import { DIGI_MANAGER, DIGITIZERS } from './rules';

const isManager = (user: SessionUser) => user.permissions.includes(Permission.digibrick_manager);

/** Merging, duplicating and backing up batches (docs/projects.md). */
export async function batchActionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const allBatches = (user: SessionUser, projectId: number) =>
    batchRows(app.db, user.companyId, projectId, { showClaimant: isManager(user) });
  /** Every problem at once, one detail per message (400). */
  const refuse = (reply: FastifyReply, problems: string[]) =>
    reply
      .status(400)
      .send({ errors: problems.map((detail) => ({ detail, code: ErrorCode.validation })) });

  r.post(
    '/v1/batches/merge',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: 'Move the trays of `childs` into `parent_id` and remove the emptied batches',
        querystring: ProjectIdQuery,
        body: MergeBody,
        response: { 200: BatchList },
      },
    },
    async (request, reply) => {
      const projectId = request.query.project_id;
      const { parent_id, childs } = request.body;
      await mustFindProject(app.db, request.user.companyId, projectId);
      const problems = checkMerge({ parent_id, childs });
      if (problems.length) return refuse(reply, problems);
      await inTransaction(app.db, request.user, (trx, ctx) =>
        mergeBatches(trx, ctx, projectId, parent_id, childs),
      );
      return { results: await allBatches(request.user, projectId) };
    },
  );

  r.put(
    '/v1/batches/duplicate',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: 'Copy batches (comments and trays) under new names, all or none',
        querystring: ProjectIdQuery,
        body: DuplicateBody,
        response: { 200: BatchList },
      },
    },
    async (request, reply) => {
      const projectId = request.query.project_id;
      await mustFindProject(app.db, request.user.companyId, projectId);
      try {
        await inTransaction(app.db, request.user, (trx, ctx) =>
          duplicateBatches(trx, ctx, projectId, request.body),
        );
      } catch (e) {
        if (e instanceof DuplicateRefused) return refuse(reply, e.problems);
        throw e;
      }
      return { results: await allBatches(request.user, projectId) };
    },
  );

  r.put(
    '/v1/backup',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: "Store a copy of the batch's trays, with a comment",
        querystring: BackupCreateQuery,
        body: BackupCreateBody,
        response: { 200: BackupList },
      },
    },
    async (request) => {
      const batchId = request.query.batch_id;
      const projectId = await inTransaction(app.db, request.user, (trx, ctx) =>
        createBackup(trx, ctx, batchId, request.body.comments),
      );
      return { results: await backupRows(app.db, request.user.companyId, projectId, [batchId]) };
    },
  );

  r.get(
    '/v1/backup',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: "The project's backups, newest first, optionally only those of some batches",
        querystring: BackupListQuery,
        response: { 200: BackupList },
      },
    },
    async (request) => {
      const { project_id, batch_id } = request.query;
      await mustFindProject(app.db, request.user.companyId, project_id);
      return { results: await backupRows(app.db, request.user.companyId, project_id, batch_id) };
    },
  );

  r.post(
    '/v1/backup',
    {
      config: { access: DIGI_MANAGER },
      schema: {
        tags,
        summary: "RESET: put the batch's trays back as the backup stored them",
        querystring: BackupResetQuery,
        response: { 200: BackupList },
      },
    },
    async (request) => {
      const projectId = await inTransaction(app.db, request.user, (trx, ctx) =>
        resetFromBackup(trx, ctx, request.query.backup_id),
      );
      return { results: await backupRows(app.db, request.user.companyId, projectId) };
    },
  );

  r.post(
    '/v1/backup/undo',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary:
          "Undo: put the batch's trays back as the caller's own newest backup of it stored them (made in the last minutes)",
        querystring: BackupResetQuery,
        response: { 200: BackupList },
      },
    },
    async (request) => {
      const backupId = request.query.backup_id;
      const projectId = await inTransaction(app.db, request.user, async (trx, ctx) => {
        if (!isManager(request.user)) await mustBeOwnRecentBackup(trx, ctx, backupId);
        return resetFromBackup(trx, ctx, backupId);
      });
      return { results: await backupRows(app.db, request.user.companyId, projectId) };
    },
  );
}
