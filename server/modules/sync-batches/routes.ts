import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorBody, ErrorCode } from '../../../contract/errors';
import { UploadJobs } from '../../../contract/jobs';
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
import { storesByCurrency } from '../../jobs/upload/currency';
import { refuse } from '../../write/context';
import {
  batchItems,
  batchPage,
  batchRow,
  converted,
  heldInLocations,
  matchLots,
  mustFindSyncBatch,
} from './queries';
import { checkNewBatch, createBatch, setPrices } from './rules';
import { startUpload } from './upload';
import { refuseForm } from '../../http/refuse';
import { routesOf } from '../../http/routes';
import { SYNCERS } from '../bricksyncer/stores';

/** An import of 20,000 lots is a few MB of JSON. */
const LARGE_BODY = 16 * 1024 * 1024;

/** Sync batches: BSX lots matched to the catalog, batches, their prices (docs/bricksyncer.md). */
export async function syncBatchRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'sync batches');

  api.post(
    '/v1/sync_batch_convert',
    {
      access: SYNCERS,
      summary: "Find each BSX lot's mould and colour in the catalog (the import's first step)",
      body: ConvertBody,
      answer: ConvertResult,
      options: { bodyLimit: LARGE_BODY },
    },
    async ({ body, user }) => {
      const matches = await matchLots(app.db, user.companyId, body.lots);
      const held = await heldInLocations(app.db, user.companyId, matches);
      return { results: matches.map((m) => converted(m, held)) };
    },
  );

  api.post(
    '/v1/new_sync_batch',
    {
      access: SYNCERS,
      summary: 'Create a sync batch from imported lots; every failed check at once',
      body: NewBatchBody,
      answer: z.object({ batch_id: z.number() }),
      otherAnswers: { 400: ErrorBody },
      options: { bodyLimit: LARGE_BODY },
    },
    async ({ body, change, reply }) => {
      const out = await change(async (trx, ctx) => {
        const checked = await checkNewBatch(trx, ctx, body);
        if (checked.problems.length > 0) return { ok: false as const, problems: checked.problems };
        const batch_id = await createBatch(trx, ctx, body, checked.matches);
        return { ok: true as const, batch_id };
      });
      if (!out.ok) return refuseForm(reply, out.problems);
      return { batch_id: out.batch_id };
    },
  );

  api.get(
    '/v1/sync_batches',
    {
      access: SYNCERS,
      summary: "The company's sync batches, newest first, a page at a time",
      query: SyncBatchListQuery,
      answer: SyncBatchList,
    },
    async ({ query, user }) => {
      const { page, limit } = query;
      return { ...(await batchPage(app.db, user.companyId, page, limit)), page, limit };
    },
  );

  api.get(
    '/v1/sync_batch_projects',
    {
      access: SYNCERS,
      summary: "The company's projects a new batch may belong to (name and status only, by name)",
      answer: SyncBatchProjects,
    },
    async ({ user }) => {
      const rows = await app.db
        .selectFrom('projects')
        .select(['id', 'name', 'status'])
        .where('company_id', '=', user.companyId)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return {
        results: rows.map((p) => ({ project_id: Number(p.id), name: p.name, status: p.status })),
      };
    },
  );

  api.get(
    '/v1/sync_batch',
    { access: SYNCERS, summary: 'One sync batch', query: BatchIdQuery },
    async ({ query, user }) =>
      SyncBatchRow.parse(await batchRow(app.db, user.companyId, query.batch_id)),
  );

  api.get(
    '/v1/sync_batch_items',
    {
      access: SYNCERS,
      summary: "A sync batch's items (prices in thousandths)",
      query: BatchIdQuery,
      answer: SyncBatchItems,
    },
    async ({ query, user }) => {
      const { companyId } = user;
      await mustFindSyncBatch(app.db, companyId, query.batch_id);
      return { results: await batchItems(app.db, companyId, query.batch_id) };
    },
  );

  api.put(
    '/v1/sync_batch_items',
    {
      access: SYNCERS,
      summary: "Set prices (thousandths) of a batch's items",
      body: PricesBody,
      answer: SyncBatchItems,
      options: { bodyLimit: LARGE_BODY },
    },
    async ({ body, user, change }) => {
      const { batch_id, items } = body;
      const { companyId } = user;
      await mustFindSyncBatch(app.db, companyId, batch_id);
      await change((trx, ctx) => setPrices(trx, ctx, batch_id, items));
      return { results: await batchItems(app.db, companyId, batch_id) };
    },
  );

  api.post(
    '/v1/sync_batch_upload',
    {
      access: SYNCERS,
      summary:
        "Upload a batch to every store with credentials in the batch's currency: checks that every item has a price, then queues one upload job per store; stores of another currency are left out (listed), and with none of its currency the upload is refused (409)",
      query: BatchIdQuery,
      body: UploadBody,
      answer: UploadJobs,
      status: 202,
      otherAnswers: { 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      options: { bodyLimit: LARGE_BODY },
    },
    async ({ query, body, user }) => {
      const { companyId } = user;
      const batchId = query.batch_id;
      await mustFindSyncBatch(app.db, companyId, batchId);
      const stored = await batchItems(app.db, companyId, batchId);
      const sent = new Map(body.items.map((i) => [i.item_id, i.price]));
      const prices = stored.map((i) => ({ price: sent.get(i.item_id) ?? i.price }));
      if (!canUpload(prices)) throw refuse(400, ErrorCode.validation, M.uploadNoPrice);
      const jobIds = await startUpload(app.db, user, batchId, sent);
      const { other } = await storesByCurrency(app.db, companyId, batchId);
      return {
        jobs: await jobViews(app.db, companyId, jobIds),
        other_currency: other.map((s) => ({
          store_id: s.id,
          store_name: s.name,
          currency: s.currency,
        })),
      };
    },
  );
}
