import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bsxChunks } from '../../../contract/bsx/write';
import { ErrorBody, ErrorCode } from '../../../contract/errors';
import {
  BATCH_BSX_CONDITIONS,
  batchBsxFileName,
  batchLotsForBsx,
} from '../../../contract/sync-batch-bsx';
import { AddLotsBody, BatchIdQuery, ImportState } from '../../../contract/sync-batches';
import { inTransaction } from '../../write/context';
import { appendLots } from './import';
import { batchItems, batchRow } from './queries';
import { SYNCERS } from './routes';

/** A chunk of 5,000 lots is about 2 MB of JSON. */
const CHUNK_BODY = 8 * 1024 * 1024;

/** A large import in chunks, and a batch's lots as a BrickStore file (docs/bricksyncer.md). */
export async function syncBatchImportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sync batches'];
  const config = { access: SYNCERS };

  r.post(
    '/v1/sync_batch_lots',
    {
      config,
      bodyLimit: CHUNK_BODY,
      schema: {
        tags,
        summary:
          'Add the next chunk of lots to a batch created with more lots announced; a chunk sent again changes nothing',
        body: AddLotsBody,
        response: { 200: ImportState, 400: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const out = await inTransaction(app.db, request.user, (trx, ctx) =>
        appendLots(trx, ctx, request.body),
      );
      if (!out.ok) {
        return reply.status(400).send({
          errors: out.problems.map((detail) => ({ detail, code: ErrorCode.validation })),
        });
      }
      return out.state;
    },
  );

  r.get(
    '/v1/sync_batch_bsx',
    {
      config,
      schema: {
        tags,
        summary: "A batch's lots as a BrickStore (BSX) file with every lot field the batch keeps",
        querystring: BatchIdQuery,
      },
    },
    async (request, reply) => {
      const { companyId } = request.user;
      const batch = await batchRow(app.db, companyId, request.query.batch_id);
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
