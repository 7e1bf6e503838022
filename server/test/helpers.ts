import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response as InjectResponse } from 'light-my-request';
import { beforeEach, describe } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { DialectName } from '../db';
import type { Mailer, OutgoingMail } from '../mail';
import { DEMO_PASSWORD } from '../seed';
import { copySqliteTemplate, createPostgresDatabase } from './database-templates';

export const dialects: DialectName[] = ['sqlite', 'postgres'];

/**
 * Runs a suite once on SQLite and once on PostgreSQL (when reachable; see global-setup).
 * Each suite gets its own fresh database.
 */
export function describeEachDialect(name: string, fn: (dialect: DialectName) => void): void {
  for (const dialect of dialects) {
    const skip = dialect === 'postgres' && !process.env.TEST_POSTGRES_URL;
    (skip ? describe.skip : describe)(`${name} [${dialect}]`, () => fn(dialect));
  }
}

/** A suite that only PostgreSQL can exercise (writers side by side); skipped when it is not reachable. */
export function describePostgres(name: string, fn: () => void): void {
  (process.env.TEST_POSTGRES_URL ? describe : describe.skip)(`${name} [postgres]`, fn);
}

export interface TestApp {
  app: App;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions extends BuildOptions {
  /**
   * Start from an empty database and run every migration (the migration tests); otherwise the
   * database is a copy of the migrated template (see database-templates.ts).
   */
  emptyDatabase?: boolean;
}

/**
 * A fresh server on a fresh database (demo data loaded unless seedDemo is false), or on the
 * database of `overrides.databaseUrl` (a second server on another's database).
 */
export async function createTestApp(
  dialect: DialectName,
  overrides: Partial<AppConfig> = {},
  { emptyDatabase = false, ...opts }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bw-test-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (overrides.databaseUrl === undefined) {
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase('bw_test', { empty: emptyDatabase });
      databaseUrl = database.url;
      dropDb = database.drop;
    } else if (!emptyDatabase) {
      copySqliteTemplate(dataDir);
    }
  }
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_STDOUT: '0',
      LOG_LEVEL: 'info',
      HTTPS_PORT: 'off',
    } as NodeJS.ProcessEnv),
    databaseUrl,
    staticDir: undefined,
    ...overrides,
  };
  const app = await buildApp(config, opts);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function basic(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
}

/** POSTs Basic credentials to the real login route (from the client address `ip` when given). */
export function postLogin(app: App, email: string, password = DEMO_PASSWORD, ip?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(email, password) },
    ...(ip === undefined ? {} : { remoteAddress: ip }),
  });
}

/** Signs in through the real login route and returns the bearer header for later calls. */
export async function loginAs(app: App, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await postLogin(app, email, password);
  if (res.statusCode !== 200)
    throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { access_token: string };
  return `Bearer ${body.access_token}`;
}

/** The id of the user with `email`. */
export async function userIdOf(app: App, email: string): Promise<number> {
  const row = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the user `id` exists. */
export async function userExists(app: App, id: number): Promise<boolean> {
  const row = await app.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Every user's id by e-mail address. */
export async function userIdsByEmail(app: App): Promise<Record<string, number>> {
  const users = await app.db.selectFrom('users').select(['id', 'email']).execute();
  return Object.fromEntries(users.map((u) => [u.email, u.id]));
}

/** Every company's id by name. */
export async function companyIdsByName(app: App): Promise<Record<string, number>> {
  const rows = await app.db.selectFrom('companies').select(['id', 'name']).execute();
  return Object.fromEntries(rows.map((c) => [c.name, c.id]));
}

/**
 * A mailer for createTestApp that keeps what the server sends in `mails` instead of sending it;
 * the list is emptied before each test of the suite.
 */
export function mailbox(): { mails: OutgoingMail[]; mailer: Mailer } {
  const mails: OutgoingMail[] = [];
  beforeEach(() => {
    mails.length = 0;
  });
  return {
    mails,
    mailer: {
      async send(mail) {
        mails.push(mail);
      },
      close() {},
    },
  };
}

/** The permission ids the user with `email` holds, ascending. */
export async function permissionIdsOf(app: App, email: string): Promise<number[]> {
  const rows = await app.db
    .selectFrom('user_permissions as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select('up.permission_id')
    .where('u.email', '=', email)
    .orderBy('up.permission_id')
    .execute();
  return rows.map((r) => r.permission_id);
}

/** Grants the user `userId` the permission through the real route, as `auth`. */
export function grantPermission(app: App, auth: string, userId: number, permissionId: number) {
  return app.inject({
    method: 'POST',
    url: '/api/user/permission',
    headers: { authorization: auth },
    payload: { user_id: userId, permission_id: permissionId },
  });
}

/** Takes the permission from the user `userId` through the real route, as `auth`. */
export function revokePermission(app: App, auth: string, userId: number, permissionId: number) {
  return app.inject({
    method: 'DELETE',
    url: `/api/user/permission?user_id=${userId}&permission_id=${permissionId}`,
    headers: { authorization: auth },
  });
}

/** The error texts of a refused answer. */
export const details = (res: { json(): unknown }) =>
  (res.json() as { errors: { detail: string }[] }).errors.map((e) => e.detail);

/** The first error text of a refused answer. */
export const detail = (res: { json(): unknown }) => details(res)[0];

export type Call = (
  auth: string,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<InjectResponse>;

/** Calls `/api<url>` on `t`'s server with the bearer header `auth`. */
export function caller(t: () => TestApp): Call {
  return (auth, method, url, payload) =>
    t().app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: auth },
      payload: payload as object,
    });
}

/**
 * Calls `url` (the whole path, `/api` included) on `t`'s server with the bearer header `auth`, or
 * signed out without one.
 */
export function requester(t: () => TestApp) {
  return (method: Parameters<Call>[1], url: string, auth?: string, payload?: object) =>
    t().app.inject({ method, url, payload, headers: auth ? { authorization: auth } : {} });
}
