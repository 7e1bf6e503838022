import type { FastifyInstance } from 'fastify';
import {
  checkStore,
  CREDENTIAL_FIELDS,
  JSON_API,
  StoreDocument,
  StoreIdParams,
  StoreListDocument,
  StoreMessages,
  StoreWrite,
  type StoreResource,
} from '../../../contract/bricksyncer';
import { ErrorBody } from '../../../contract/errors';
import { audit } from '../../auth/audit';
import type { RoleName } from '../../../contract/permissions';
import { nowIso } from '../../db/dialect';
import type { StoresTable } from '../../db/schema-domain';
import { notFound } from '../../errors';
import {
  credentialKeyOf,
  encryptCredentials,
  maskedCredentials,
  mustFindStore,
  readableCredentials,
  STORE_COLUMNS,
} from './credentials';
import { tombstoneOrders } from '../orders/floor';
import { checkStoreRoom } from './store-limit';
import { refuseForm } from '../../http/refuse';
import { routesOf } from '../../http/routes';

/** Everything under /bricksyncer is for the bricksyncer role. */
export const SYNCERS: readonly RoleName[] = ['bricksyncer'];

type StoreRow = Pick<
  StoresTable,
  'company_id' | 'name' | 'platform' | 'external_id' | 'credentials'
> & {
  id: number;
  currency: string;
};

/** How the audit log names a store: `Store 12 "Attic" (BRICKLINK)`. */
const storeInWords = (s: { id: number; name: string; platform: string }) =>
  `Store ${s.id} "${s.name}" (${s.platform})`;

/**
 * The fields an edit changed, credentials by their key (never their values): a credential of the
 * new platform counts as changed when it differs from the stored one (all of them after a switch).
 */
export function changedStoreFields(
  before: { name: string; platform: string; external_id: string; currency?: string },
  beforeCredentials: Record<string, string>,
  after: { name: string; platform: StoreRow['platform']; external_id: string; currency?: string },
  afterCredentials: Record<string, string>,
): string[] {
  const changed = (['name', 'platform', 'external_id', 'currency'] as const).filter(
    (k) => before[k] !== after[k],
  );
  const samePlatform = before.platform === after.platform;
  const credentials = CREDENTIAL_FIELDS[after.platform]
    .map((f) => f.key)
    .filter((k) => !samePlatform || beforeCredentials[k] !== afterCredentials[k]);
  return [...changed, ...credentials];
}

/** Stores and their credentials (GET/POST /v2/stores, GET/PATCH/DELETE /v2/stores/{id}). */
export async function storeRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'bricksyncer');
  const key = () => credentialKeyOf(app.db);
  const toResource = (row: StoreRow): StoreResource => ({
    id: String(row.id),
    type: 'stores',
    attributes: {
      name: row.name,
      platform: row.platform,
      external_id: row.external_id,
      currency: row.currency,
      credentials: maskedCredentials(
        row.platform,
        readableCredentials(key(), row.company_id, row.credentials),
      ),
    },
  });

  api.get(
    '/v2/stores',
    {
      access: SYNCERS,
      summary: "The company's stores, credentials masked",
      answer: StoreListDocument,
    },
    async ({ user, reply }) => {
      const rows = await app.db
        .selectFrom('stores')
        .select(STORE_COLUMNS)
        .where('company_id', '=', user.companyId)
        .orderBy('name')
        .orderBy('id')
        .execute();
      reply.type(JSON_API);
      return { data: rows.map(toResource) };
    },
  );

  api.post(
    '/v2/stores',
    {
      access: SYNCERS,
      summary:
        "Add a store with its platform's credentials (the other platform's are dropped); a company has at most 20 stores",
      body: StoreWrite,
      answer: StoreDocument,
      status: 201,
      otherAnswers: { 400: ErrorBody },
    },
    async ({ body, user, reply }) => {
      const checked = checkStore(body.data.attributes);
      if (!checked.ok) return refuseForm(reply, checked.problems);
      const { companyId } = user;
      const v = checked.values;
      const row = await app.db.transaction().execute(async (trx) => {
        await checkStoreRoom(trx, companyId);
        const added = await trx
          .insertInto('stores')
          .values({
            company_id: companyId,
            name: v.name,
            platform: v.platform,
            external_id: v.external_id,
            credentials: encryptCredentials(key(), companyId, v.credentials),
            currency: v.currency,
            created_at: nowIso(),
          })
          .returning(STORE_COLUMNS)
          .executeTakeFirstOrThrow();
        await audit(trx, user, 'store_created', { detail: storeInWords(added) });
        return added;
      });
      return reply
        .status(201)
        .type(JSON_API)
        .send({ data: toResource(row) });
    },
  );

  api.get(
    '/v2/stores/:storeId',
    {
      access: SYNCERS,
      summary: 'One store, credentials masked',
      params: StoreIdParams,
      answer: StoreDocument,
    },
    async ({ params, user, reply }) => {
      const row = await mustFindStore(app.db, user.companyId, params.storeId);
      reply.type(JSON_API);
      return { data: toResource(row) };
    },
  );

  api.patch(
    '/v2/stores/:storeId',
    {
      access: SYNCERS,
      summary: 'Edit a store; a credential left empty keeps its stored value on the same platform',
      params: StoreIdParams,
      body: StoreWrite,
      answer: StoreDocument,
    },
    async ({ body, params, user, reply }) => {
      const { companyId } = user;
      const row = await mustFindStore(app.db, companyId, params.storeId);
      const input = body.data.attributes;
      const samePlatform = (input.platform ?? row.platform) === row.platform;
      const kept = samePlatform ? readableCredentials(key(), companyId, row.credentials) : {};
      const checked = checkStore(
        { ...input, platform: input.platform ?? row.platform },
        kept,
        row.currency,
      );
      if (!checked.ok) return refuseForm(reply, checked.problems);
      const v = checked.values;
      const changed = changedStoreFields(row, kept, v, v.credentials);
      const updated = await app.db.transaction().execute(async (trx) => {
        const saved = await trx
          .updateTable('stores')
          .set({
            name: v.name,
            platform: v.platform,
            external_id: v.external_id,
            credentials: encryptCredentials(key(), companyId, v.credentials),
            currency: v.currency,
            updated_at: nowIso(),
          })
          .where('company_id', '=', companyId)
          .where('id', '=', row.id)
          .returning(STORE_COLUMNS)
          .executeTakeFirst();
        if (!saved) throw notFound(StoreMessages.notFound);
        // Which fields changed, never their values: the audit log holds no secret.
        if (changed.length > 0) {
          await audit(trx, user, 'store_changed', {
            detail: `${storeInWords(saved)}; changed: ${changed.join(', ')}`,
          });
        }
        return saved;
      });
      reply.type(JSON_API);
      return { data: toResource(updated) };
    },
  );

  api.delete(
    '/v2/stores/:storeId',
    {
      access: SYNCERS,
      summary:
        'Delete a store with its stock listings and orders; issue reports about those orders stay without their order',
      params: StoreIdParams,
    },
    async ({ params, user, change, reply }) => {
      const { storeId } = params;
      const store = await mustFindStore(app.db, user.companyId, storeId);
      await change(async (trx, ctx) => {
        const version = await ctx.version();
        // Devices hold orders on the floor: they learn of the removal through tombstones.
        const orders = await trx
          .selectFrom('orders')
          .select('id')
          .where('company_id', '=', ctx.companyId)
          .where('store_id', '=', storeId)
          .execute();
        if (orders.length > 0) {
          await tombstoneOrders(
            trx,
            ctx.companyId,
            orders.map((o) => o.id),
            version,
          );
          // Issue reports about these orders stay, without their order, stamped as changed.
          await trx
            .updateTable('issues')
            .set({ order_id: null, version })
            .where('company_id', '=', ctx.companyId)
            .where('order_id', 'in', (eb) =>
              eb
                .selectFrom('orders')
                .select('id')
                .where('company_id', '=', ctx.companyId)
                .where('store_id', '=', storeId),
            )
            .execute();
          await trx
            .deleteFrom('orders')
            .where('company_id', '=', ctx.companyId)
            .where('store_id', '=', storeId)
            .execute();
        }
        await trx
          .deleteFrom('stores')
          .where('company_id', '=', ctx.companyId)
          .where('id', '=', storeId)
          .execute();
        await audit(trx, user, 'store_deleted', {
          detail: `${storeInWords(store)} with ${orders.length} order(s)`,
        });
      });
      return reply.status(204).send();
    },
  );
}
