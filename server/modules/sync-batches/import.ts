import { sql, type Transaction } from 'kysely';
import {
  SyncBatchMessages as M,
  type AddLotsBody,
  type ImportState,
} from '../../../contract/sync-batches';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { refuse, type WriteCtx } from '../../write/context';
import { lotCount } from './queries';
import { addLots, checkLots } from './rules';

type Trx = Transaction<Database>;

export type AppendResult = { ok: true; state: ImportState } | { ok: false; problems: string[] };

/**
 * The next chunk of a large import. The batch row is locked first, so chunks of one batch are
 * added one after the other. A chunk sent again (its answer was lost) changes nothing and gets
 * the same answer; a chunk that does not follow the lots the batch holds is refused (409), as is
 * one for a batch whose import is complete. The chunk's lots get every check of a new batch; once
 * the batch holds every lot announced, its import is complete and it may be uploaded.
 */
export async function appendLots(
  trx: Trx,
  ctx: WriteCtx,
  body: AddLotsBody,
): Promise<AppendResult> {
  const batch = await trx
    .updateTable('sync_batches')
    .set({ lots_expected: sql`lots_expected` })
    .where('id', '=', body.batch_id)
    .where('company_id', '=', ctx.companyId)
    .returning('lots_expected')
    .executeTakeFirst();
  if (!batch) throw notFound(M.batchNotFound);
  const expected = batch.lots_expected === null ? null : Number(batch.lots_expected);
  const held = await lotCount(trx, body.batch_id);
  const state = (lots: number, lotsExpected: number | null): AppendResult => ({
    ok: true,
    state: { batch_id: body.batch_id, lots, lots_expected: lotsExpected },
  });
  if (body.offset + body.items.length <= held) return state(held, expected);
  if (expected === null) throw refuse(409, 'import_complete', M.importDone);
  if (body.offset !== held) throw refuse(409, 'import_gap', M.importGap(held));
  if (held + body.items.length > expected) return { ok: false, problems: [M.importOver(expected)] };
  const { problems, matches } = await checkLots(trx, ctx, body.items);
  if (problems.length > 0) return { ok: false, problems };
  await addLots(trx, ctx, body.batch_id, body.items, matches);
  const now = held + body.items.length;
  if (now === expected) {
    await trx
      .updateTable('sync_batches')
      .set({ lots_expected: null })
      .where('id', '=', body.batch_id)
      .execute();
    return state(now, null);
  }
  return state(now, expected);
}
