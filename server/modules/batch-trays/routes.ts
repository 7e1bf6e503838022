import type { FastifyInstance } from 'fastify';
import {
  AcceptBody,
  BatchQuery,
  ClaimBody,
  ClaimState,
  ColourList,
  MoldInfo,
  MoldQuery,
  SplitAnswer,
  SplitBody,
  TrayAdd,
  TrayIdsBody,
  TrayList,
  TraysSave,
  Variant,
  VariantCreate,
  VariantList,
  VariantQuery,
} from '../../../contract/batch-trays';
import { BatchTraysMessages as M } from '../../../contract/batch-trays';
import type { SessionUser } from '../../auth/tokens';
import { notFound } from '../../errors';
import { inTransaction, type Trx, type WriteCtx } from '../../write/context';
import { mustFindBatch } from '../projects/queries';
import { DIGI_MANAGER, DIGITIZERS } from '../projects/rules';
import { claimState, trayList, variantsOf } from './queries';
import { setAccepted } from './accepted';
import * as rules from './rules';
import { routesOf } from '../../http/routes';

type BatchRef = { project_id: number; batch_id: number };

/** The batch trays editor (docs/batch-trays.md). */
export async function batchTraysRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'batch trays');
  const list = (user: SessionUser, q: BatchRef) =>
    trayList(app.db, user.companyId, user.id, q.project_id, q.batch_id);
  /** Runs a change of the batch's trays (404 first for a batch not the company's). */
  const changeBatch = async <T>(
    user: SessionUser,
    q: BatchRef,
    fn: (trx: Trx, ctx: WriteCtx) => Promise<T>,
  ): Promise<T> => {
    await mustFindBatch(app.db, user.companyId, q.project_id, q.batch_id);
    return inTransaction(app.db, user, fn);
  };
  /** Runs a change of the batch's trays, then answers its trays as they are after it. */
  const changeThenList = async (
    user: SessionUser,
    q: BatchRef,
    fn: (trx: Trx, ctx: WriteCtx, batchId: number) => Promise<unknown>,
  ) => {
    await changeBatch(user, q, (trx, ctx) => fn(trx, ctx, q.batch_id));
    return list(user, q);
  };

  api.get(
    '/v1/trays',
    {
      access: DIGITIZERS,
      summary: "A batch's trays, its heading and whether it is claimed",
      query: BatchQuery,
      answer: TrayList,
    },
    ({ query, user }) => list(user, query),
  );

  api.post(
    '/v1/trays/claim',
    {
      access: DIGITIZERS,
      summary: "Take (claim: true) or give up (false) the write claim on the batch's trays",
      description: `409 '${M.claimRefused}' when someone else holds it.`,
      query: BatchQuery,
      body: ClaimBody,
      answer: TrayList,
    },
    async ({ query, body, user }) =>
      changeThenList(user, query, (trx, ctx, batchId) =>
        body.claim ? rules.claim(trx, ctx, batchId) : rules.release(trx, ctx, batchId),
      ),
  );

  api.post(
    '/v1/trays/claim/renew',
    {
      access: DIGITIZERS,
      summary: "Renew the caller's lease on the batch's claim (the open editor does so)",
      description:
        'Answers the claim as it is now: `claimed_by_me` false when the caller does not hold ' +
        'it (someone took over a lapsed claim, or a manager declaimed it).',
      query: BatchQuery,
      answer: ClaimState,
    },
    async ({ query, user }) => {
      const q = query;
      await changeBatch(user, q, (trx, ctx) => rules.renew(trx, ctx, q.batch_id));
      return claimState(app.db, user.companyId, user.id, q.batch_id);
    },
  );

  api.post(
    '/v1/trays',
    {
      access: DIGITIZERS,
      summary: 'Save accepted edits of trays (needs the claim); variants are re-resolved',
      query: BatchQuery,
      body: TraysSave,
      answer: TrayList,
    },
    async ({ query, body, user }) =>
      changeThenList(user, query, (trx, ctx, batchId) =>
        rules.saveTrays(trx, ctx, batchId, body.trays),
      ),
  );

  api.put(
    '/v1/trays',
    {
      access: DIGITIZERS,
      summary: 'Add a tray at the end of the batch (needs the claim)',
      query: BatchQuery,
      body: TrayAdd,
      answer: TrayList,
    },
    async ({ query, body, user }) =>
      changeThenList(user, query, (trx, ctx, batchId) => rules.addTray(trx, ctx, batchId, body)),
  );

  api.post(
    '/v1/trays/accept',
    {
      access: DIGI_MANAGER,
      summary: 'Set the Accepted flag of saved trays',
      query: BatchQuery,
      body: AcceptBody,
      answer: TrayList,
    },
    async ({ query, body, user }) =>
      changeThenList(user, query, (trx, ctx, batchId) =>
        setAccepted(trx, ctx, batchId, body.trays),
      ),
  );

  const idsRoute = (
    method: 'put' | 'post',
    url: string,
    summary: string,
    fn: (trx: Trx, ctx: WriteCtx, batchId: number, ids: number[]) => Promise<void>,
  ) =>
    api[method](
      url,
      { access: DIGITIZERS, summary, query: BatchQuery, body: TrayIdsBody, answer: TrayList },
      async ({ query, body, user }) =>
        changeThenList(user, query, (trx, ctx, batchId) => fn(trx, ctx, batchId, body.items)),
    );
  idsRoute(
    'put',
    '/v1/trays/duplicate',
    'Copy the chosen trays (needs the claim)',
    rules.duplicateTrays,
  );
  idsRoute(
    'post',
    '/v1/trays/delete',
    'Delete the chosen trays (needs the claim)',
    rules.deleteTrays,
  );
  idsRoute(
    'post',
    '/v1/trays/updateprices',
    "The chosen trays take their variant's price (needs the claim)",
    rules.updatePrices,
  );

  api.put(
    '/v1/trays/split',
    {
      access: DIGITIZERS,
      summary: 'Move the chosen trays into a new batch of the project (needs the claim)',
      query: BatchQuery,
      body: SplitBody,
      answer: SplitAnswer,
    },
    async ({ query, body, user }) => {
      const q = query;
      const newId = await changeBatch(user, q, (trx, ctx) =>
        rules.splitTrays(trx, ctx, q.project_id, q.batch_id, body),
      );
      return { ...(await list(user, q)), new_batch_id: newId };
    },
  );

  api.get(
    '/v1/trays/items',
    {
      access: DIGITIZERS,
      summary: "The company's variants of a mould in a colour and condition",
      query: VariantQuery,
      answer: VariantList,
    },
    async ({ query, user }) => ({
      results: await variantsOf(app.db, user.companyId, query),
    }),
  );

  api.put(
    '/v1/trays/items',
    {
      access: DIGITIZERS,
      summary: 'Create a variant of a mould in a colour and condition',
      body: VariantCreate,
      answer: Variant,
    },
    async ({ body, user, change }) => {
      const id = await change((trx, ctx) => rules.createVariant(trx, ctx, body));
      const b = body;
      const all = await variantsOf(app.db, user.companyId, {
        mold_id: Number(b.mold_id),
        colour_id: Number(b.colour_id),
        condition: b.condition,
      });
      return all.find((v) => v.item_id === id)!;
    },
  );

  api.get(
    '/v1/trays/moldinfo',
    { access: DIGITIZERS, summary: "A mould's name and image", query: MoldQuery, answer: MoldInfo },
    async ({ query }) => {
      const m = await app.db
        .selectFrom('moulds')
        .select(['id', 'name', 'image_url'])
        .where('id', '=', query.mold_id)
        .executeTakeFirst();
      if (!m) throw notFound(M.moldNotFound);
      return { mold_id: m.id, name: m.name, url: m.image_url };
    },
  );

  api.get(
    '/v1/trays/colours',
    { access: DIGITIZERS, summary: 'Every colour, by name', answer: ColourList },
    async () => ({
      results: await app.db
        .selectFrom('colours')
        .select(['id', 'name', 'hex'])
        .orderBy('name')
        .execute(),
    }),
  );
}
