import type { FastifyInstance } from 'fastify';
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
import { BatchList, ProjectIdQuery } from '../../../contract/projects';
import { backupRows, createBackup, mustBeOwnRecentBackup, resetFromBackup } from './backups';
import { duplicateBatches, DuplicateRefused, mergeBatches } from './merge';
import { mustFindProject } from './queries';
import { batchesSeenBy, DIGI_MANAGER, DIGITIZERS, isManager } from './rules';
import { refuseForm } from '../../http/refuse';
import { routesOf } from '../../http/routes';

/** Merging, duplicating and backing up batches (docs/projects.md). */
export async function batchActionRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'projects');

  api.post(
    '/v1/batches/merge',
    {
      access: DIGITIZERS,
      summary: 'Move the trays of `childs` into `parent_id` and remove the emptied batches',
      query: ProjectIdQuery,
      body: MergeBody,
      answer: BatchList,
    },
    async ({ query, body, user, change, reply }) => {
      const projectId = query.project_id;
      const { parent_id, childs } = body;
      await mustFindProject(app.db, user.companyId, projectId);
      const problems = checkMerge({ parent_id, childs });
      if (problems.length) return refuseForm(reply, problems);
      await change((trx, ctx) => mergeBatches(trx, ctx, projectId, parent_id, childs));
      return { results: await batchesSeenBy(app.db, user, projectId) };
    },
  );

  api.put(
    '/v1/batches/duplicate',
    {
      access: DIGITIZERS,
      summary: 'Copy batches (comments and trays) under new names, all or none',
      query: ProjectIdQuery,
      body: DuplicateBody,
      answer: BatchList,
    },
    async ({ query, body, user, change, reply }) => {
      const projectId = query.project_id;
      await mustFindProject(app.db, user.companyId, projectId);
      try {
        await change((trx, ctx) => duplicateBatches(trx, ctx, projectId, body));
      } catch (e) {
        if (e instanceof DuplicateRefused) return refuseForm(reply, e.problems);
        throw e;
      }
      return { results: await batchesSeenBy(app.db, user, projectId) };
    },
  );

  api.put(
    '/v1/backup',
    {
      access: DIGITIZERS,
      summary: "Store a copy of the batch's trays, with a comment",
      query: BackupCreateQuery,
      body: BackupCreateBody,
      answer: BackupList,
    },
    async ({ query, body, user, change }) => {
      const batchId = query.batch_id;
      const projectId = await change((trx, ctx) => createBackup(trx, ctx, batchId, body.comments));
      return { results: await backupRows(app.db, user.companyId, projectId, [batchId]) };
    },
  );

  api.get(
    '/v1/backup',
    {
      access: DIGITIZERS,
      summary: "The project's backups, newest first, optionally only those of some batches",
      query: BackupListQuery,
      answer: BackupList,
    },
    async ({ query, user }) => {
      const { project_id, batch_id } = query;
      await mustFindProject(app.db, user.companyId, project_id);
      return { results: await backupRows(app.db, user.companyId, project_id, batch_id) };
    },
  );

  api.post(
    '/v1/backup',
    {
      access: DIGI_MANAGER,
      summary: "RESET: put the batch's trays back as the backup stored them",
      query: BackupResetQuery,
      answer: BackupList,
    },
    async ({ query, user, change }) => {
      const projectId = await change((trx, ctx) => resetFromBackup(trx, ctx, query.backup_id));
      return { results: await backupRows(app.db, user.companyId, projectId) };
    },
  );

  api.post(
    '/v1/backup/undo',
    {
      access: DIGITIZERS,
      summary:
        "Undo: put the batch's trays back as the caller's own newest backup of it stored them (made in the last minutes)",
      query: BackupResetQuery,
      answer: BackupList,
    },
    async ({ query, user, change }) => {
      const backupId = query.backup_id;
      const projectId = await change(async (trx, ctx) => {
        if (!isManager(user)) await mustBeOwnRecentBackup(trx, ctx, backupId);
        return resetFromBackup(trx, ctx, backupId);
      });
      return { results: await backupRows(app.db, user.companyId, projectId) };
    },
  );
}
