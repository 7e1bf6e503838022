import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, ErrorCode } from '../../../contract/errors';
import { UploadJobs } from '../../../contract/jobs';
import type { RoleName } from '../../../contract/permissions';
import {
  BatchIdQuery,
  canUpload,
  ConvertBody,
  ConvertResult,
  NewBatchBody,
  PricesBody,
  SyncBatchItems,
  SyncBatchList,
  SyncBatchListQuery,
  SyncBatchMessages as M,
  SyncBatchProjects,
  SyncBatchRow,
  UploadBody,
} from '../../../contract/sync-batches';
import { jobViews } from '../../jobs';
import { inTransaction, refuse } from '../../write/context';
import {
  batchItems,
  batchPage,
  batchRow,
  converted,
  matchLots,
  mustFindSyncBatch,
} from './queries';
import { checkNewBatch, createBatch, setPrices } from './rules';
import { startUpload } from './upload';

export const SYNCERS: readonly RoleName[] = ['bricksyncer'];
/** An import of 20,000 lots is a few MB of JSON. */
const LARGE_BODY = 16 * 1024 * 1024;

/** Sync batches: BSX lots matched to the catalog, batches, their prices (docs/bricksyncer.md). */
export async function syncBatchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sync batches'];
  const config = { access: SYNCERS };

  r.post(
    '/v1/sync_batch_convert',
    {
      config,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: "Find each BSX lot's mould and colour in the catalog (the import's first step)",
        body: ConvertBody,
        response: { 200: ConvertResult },
      },
    },
    async (request) => ({
      results: (await matchLots(app.db, request.user.companyId, request.body.lots)).map(converted),
    }),
  );

  r.post(
    '/v1/new_sync_batch',
    {
      config,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Create a sync batch from imported lots; every failed check at once',
        body: NewBatchBody,
        response: { 200: z.object({ batch_id: z.number() }), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const out = await inTransaction(app.db, request.user, async (trx, ctx) => {
        const checked = await checkNewBatch(trx, ctx, request.body);
        if (checked.problems.length > 0) return { ok: false as const, problems: checked.problems };
        const batch_id = await createBatch(trx, ctx, request.body, checked.matches);
        return { ok: true as const, batch_id };
      });
      if (!out.ok) {
        return reply.status(400).send({
          errors: out.problems.map((detail) => ({ detail, code: ErrorCode.validation })),
        });
      }
      return { batch_id: out.batch_id };
    },
  );

  r.get(
    '/v1/sync_batches',
    {
      config,
      schema: {
        tags,
        summary: "The company's sync batches, newest first, a page at a time",
        querystring: SyncBatchListQuery,
        response: { 200: SyncBatchList },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { ...(await batchPage(app.db, request.user.companyId, page, limit)), page, limit };
    },
  );

  r.get(
    '/v1/sync_batch_projects',
    {
      config,
      schema: {
        tags,
        summary: "The company's projects a new batch may belong to (name and status only, by name)",
        response: { 200: SyncBatchProjects },
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('projects')
        .select(['id', 'name', 'status'])
        .where('company_id', '=', request.user.companyId)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return {
        results: rows.map((p) => ({ project_id: Number(p.id), name: p.name, status: p.status })),
      };
    },
  );

  r.get(
    '/v1/sync_batch',
    {
      config,
      schema: { tags, summary: 'One sync batch', querystring: BatchIdQuery },
    },
    async (request) =>
      SyncBatchRow.parse(await batchRow(app.db, request.user.companyId, request.query.batch_id)),
  );

  r.get(
    '/v1/sync_batch_items',
    {
      config,
      schema: {
        tags,
        summary: "A sync batch's items (prices in thousandths)",
        querystring: BatchIdQuery,
        response: { 200: SyncBatchItems },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      await mustFindSyncBatch(app.db, companyId, request.query.batch_id);
      return { results: await batchItems(app.db, companyId, request.query.batch_id) };
    },
  );

  r.put(
    '/v1/sync_batch_items',
    {
      config,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: "Set prices (thousandths) of a batch's items",
        body: PricesBody,
        response: { 200: SyncBatchItems },
      },
    },
    async (request) => {
      const { batch_id, items } = request.body;
      const { companyId } = request.user;
      await mustFindSyncBatch(app.db, companyId, batch_id);
      await inTransaction(app.db, request.user, (trx, ctx) => setPrices(trx, ctx, batch_id, items));
      return { results: await batchItems(app.db, companyId, batch_id) };
    },
  );

  r.post(
    '/v1/sync_batch_upload',
    {
      config,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary:
          'Upload a batch to every store with credentials: checks that every item has a price, then queues one upload job per store',
        querystring: BatchIdQuery,
        body: UploadBody,
        response: { 202: UploadJobs, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { companyId } = request.user;
      const batchId = request.query.batch_id;
      await mustFindSyncBatch(app.db, companyId, batchId);
      const stored = await batchItems(app.db, companyId, batchId);
      const sent = new Map(request.body.items.map((i) => [i.item_id, i.price]));
      const prices = stored.map((i) => ({ price: sent.get(i.item_id) ?? i.price }));
      if (!canUpload(prices)) throw refuse(400, ErrorCode.validation, M.uploadNoPrice);
      const jobIds = await startUpload(app.db, request.user, batchId, sent);
      return reply.status(202).send({ jobs: await jobViews(app.db, companyId, jobIds) });
    },
  );
}
