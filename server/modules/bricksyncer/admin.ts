import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { SYNCERS } from './stores';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** Stock errors, settings and the sync log as JSON:API documents (/v2/...). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bricksyncer'];

  const stockError = async (companyId: number, id: number) => {
    const row = await app.db
      .selectFrom('stock_item_errors')
      .select(['id', 'created_at', 'description', 'is_resolved'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(M.stockErrorNotFound);
    return row;
  };
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

  r.get(
    '/v2/stock_item_errors',
    {
      config: { access: SYNCERS },
      schema: {
        tags,
        summary: "The company's stock errors, unresolved first, newest first",
        response: { 200: StockErrorList },
      },
    },
    async (request, reply) => {
      const rows = await app.db
        .selectFrom('stock_item_errors')
        .select(['id', 'created_at', 'description', 'is_resolved'])
        .where('company_id', '=', request.user.companyId)
        .orderBy('is_resolved')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      reply.type(JSON_API);
      return { data: rows.map(errorResource) };
    },
  );

  r.patch(
    '/v2/stock_item_errors/:id',
    {
      config: { access: SYNCERS },
      schema: {
        tags,
        summary: 'Resolve a stock error (is_resolved 1; a resolved error stays resolved)',
        params: IdParams,
        body: StockErrorPatch,
        response: { 200: StockErrorDocument },
      },
    },
    async (request, reply) => {
      const { companyId } = request.user;
      const row = await stockError(companyId, request.params.id);
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

  r.get(
    '/v2/settings',
    {
      config: { access: SYNCERS },
      schema: { tags, summary: "The company's settings", response: { 200: SettingList } },
    },
    async (request, reply) => {
      const rows = await app.db
        .selectFrom('settings')
        .select(['id', 'key', 'value'])
        .where('company_id', '=', request.user.companyId)
        .orderBy('key')
        .execute();
      reply.type(JSON_API);
      return { data: rows.map(settingResource) };
    },
  );

  r.patch(
    '/v2/settings/:id',
    {
      config: { access: SYNCERS },
      schema: {
        tags,
        summary: "Set a setting's value",
        params: IdParams,
        body: SettingPatch,
        response: { 200: SettingDocument },
      },
    },
    async (request, reply) => {
      const { companyId } = request.user;
      const row = await app.db
        .updateTable('settings')
        .set({ value: request.body.data.attributes.value, updated_at: nowIso() })
        .where('company_id', '=', companyId)
        .where('id', '=', request.params.id)
        .returning(['id', 'key', 'value'])
        .executeTakeFirst();
      if (!row) throw notFound(M.settingNotFound);
      reply.type(JSON_API);
      return { data: settingResource(row) };
    },
  );

  r.get(
    '/v2/log_entries',
    {
      config: { access: SYNCERS },
      schema: {
        tags,
        summary: 'The latest log entries, newest first (at most 100)',
        querystring: LogEntryQuery,
        response: { 200: LogEntryList },
      },
    },
    async (request, reply) => {
      const rows = await app.db
        .selectFrom('log_entries')
        .select(['id', 'created_at', 'level', 'message'])
        .where('company_id', '=', request.user.companyId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(request.query['page[size]'])
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
