import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { bsxChunks } from '../../../contract/bsx/write';
import { ErrorBody } from '../../../contract/errors';
import {
  BATCH_BSX_CONDITIONS,
  batchBsxFileName,
  batchLotsForBsx,
} from '../../../contract/sync-batch-bsx';
import { AddLotsBody, BatchIdQuery, ImportState } from '../../../contract/sync-batches';
import { appendLots } from './import';
import { batchItems, batchRow } from './queries';
import { SYNCERS } from '../bricksyncer/stores';
import { refuseForm } from '../../http/refuse';
import { routesOf } from '../../http/routes';

/** A chunk of 5,000 lots is about 2 MB of JSON. */
const CHUNK_BODY = 8 * 1024 * 1024;

/** A large import in chunks, and a batch's lots as a BrickStore file (docs/bricksyncer.md). */
export async function syncBatchImportRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'sync batches');

  api.post(
    '/v1/sync_batch_lots',
    {
      access: SYNCERS,
      summary:
        'Add the next chunk of lots to a batch created with more lots announced; a chunk sent again changes nothing',
      body: AddLotsBody,
      answer: ImportState,
      otherAnswers: { 400: ErrorBody, 409: ErrorBody },
      options: { bodyLimit: CHUNK_BODY },
    },
    async ({ body, change, reply }) => {
      const out = await change((trx, ctx) => appendLots(trx, ctx, body));
      if (!out.ok) return refuseForm(reply, out.problems);
      return out.state;
    },
  );

  api.get(
    '/v1/sync_batch_bsx',
    {
      access: SYNCERS,
      summary: "A batch's lots as a BrickStore (BSX) file with every lot field the batch keeps",
      query: BatchIdQuery,
    },
    async ({ query, user, reply }) => {
      const { companyId } = user;
      const batch = await batchRow(app.db, companyId, query.batch_id);
      const lots = batchLotsForBsx(await batchItems(app.db, companyId, batch.batch_id));
      const file = bsxChunks(lots, BATCH_BSX_CONDITIONS, { currency: batch.currency });
      const name = encodeURIComponent(batchBsxFileName(batch.name));
      return reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(file));
    },
  );
}
