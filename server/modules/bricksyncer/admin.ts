import type { FastifyInstance } from 'fastify';
import {
  BricksyncerMessages as M,
  IdParams,
  JSON_API,
  LogEntryList,
  LogEntryQuery,
  SettingDocument,
  SettingList,
  SettingPatch,
  StockErrorDocument,
  StockErrorList,
  StockErrorPatch,
} from '../../../contract/bricksyncer';
import { nowIso } from '../../db/dialect';
import { notFound } from '../../errors';
import { companyRow } from '../../write/company-row';
import { SYNCERS } from './stores';
import { routesOf } from '../../http/routes';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** A stock error's row as the routes read and answer it. */
const STOCK_ERROR_COLUMNS = ['id', 'created_at', 'description', 'is_resolved'] as const;

/** Stock errors, settings and the sync log as JSON:API documents (/v2/...). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'bricksyncer');

  const stockError = (companyId: number, id: number) =>
    companyRow(app.db, 'stock_item_errors', companyId, id, STOCK_ERROR_COLUMNS, () =>
      notFound(M.stockErrorNotFound),
    );
  const errorResource = (row: {
    id: number;
    created_at: unknown;
    description: string;
    is_resolved: number;
  }) => ({
    id: String(row.id),
    type: 'stock_item_errors' as const,
    attributes: {
      created_at: iso(row.created_at),
      description: row.description,
      is_resolved: Number(row.is_resolved),
    },
  });

  api.get(
    '/v2/stock_item_errors',
    {
      access: SYNCERS,
      summary: "The company's stock errors, unresolved first, newest first",
      answer: StockErrorList,
    },
    async ({ user, reply }) => {
      const rows = await app.db
        .selectFrom('stock_item_errors')
        .select(STOCK_ERROR_COLUMNS)
        .where('company_id', '=', user.companyId)
        .orderBy('is_resolved')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      reply.type(JSON_API);
      return { data: rows.map(errorResource) };
    },
  );

  api.patch(
    '/v2/stock_item_errors/:id',
    {
      access: SYNCERS,
      summary: 'Resolve a stock error (is_resolved 1; a resolved error stays resolved)',
      params: IdParams,
      body: StockErrorPatch,
      answer: StockErrorDocument,
    },
    async ({ params, user, reply }) => {
      const { companyId } = user;
      const row = await stockError(companyId, params.id);
      if (!row.is_resolved) {
        await app.db
          .updateTable('stock_item_errors')
          .set({ is_resolved: 1, resolved_at: nowIso() })
          .where('company_id', '=', companyId)
          .where('id', '=', row.id)
          .execute();
      }
      reply.type(JSON_API);
      return { data: errorResource(await stockError(companyId, row.id)) };
    },
  );

  const settingResource = (row: { id: number; key: string; value: string }) => ({
    id: String(row.id),
    type: 'settings' as const,
    attributes: { key: row.key, value: row.value },
  });

  api.get(
    '/v2/settings',
    { access: SYNCERS, summary: "The company's settings", answer: SettingList },
    async ({ user, reply }) => {
      const rows = await app.db
        .selectFrom('settings')
        .select(['id', 'key', 'value'])
        .where('company_id', '=', user.companyId)
        .orderBy('key')
        .execute();
      reply.type(JSON_API);
      return { data: rows.map(settingResource) };
    },
  );

  api.patch(
    '/v2/settings/:id',
    {
      access: SYNCERS,
      summary: "Set a setting's value",
      params: IdParams,
      body: SettingPatch,
      answer: SettingDocument,
    },
    async ({ body, params, user, reply }) => {
      const { companyId } = user;
      const row = await app.db
        .updateTable('settings')
        .set({ value: body.data.attributes.value, updated_at: nowIso() })
        .where('company_id', '=', companyId)
        .where('id', '=', params.id)
        .returning(['id', 'key', 'value'])
        .executeTakeFirst();
      if (!row) throw notFound(M.settingNotFound);
      reply.type(JSON_API);
      return { data: settingResource(row) };
    },
  );

  api.get(
    '/v2/log_entries',
    {
      access: SYNCERS,
      summary: 'The latest log entries, newest first (at most 100)',
      query: LogEntryQuery,
      answer: LogEntryList,
    },
    async ({ query, user, reply }) => {
      const rows = await app.db
        .selectFrom('log_entries')
        .select(['id', 'created_at', 'level', 'message'])
        .where('company_id', '=', user.companyId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query['page[size]'])
        .execute();
      reply.type(JSON_API);
      return {
        data: rows.map((row) => ({
          id: String(row.id),
          type: 'log_entries' as const,
          attributes: { created_at: iso(row.created_at), level: row.level, message: row.message },
        })),
      };
    },
  );
}
