import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import { openDatabase, type Db, type DialectName } from './db';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { createLogger } from './logging';
import { createMailer, type Mailer } from './mail';
import { registerModules } from './modules';
import { accessPlugin, type Access } from './plugins/access';
import { accessLogPlugin } from './plugins/access-log';
import { apiDocsPlugin } from './plugins/api-docs';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { ensurePermissionDefinitions, seedDemo } from './seed';
import { plainHttpOnly, type TlsInfo } from './tls/info';

/** One API route and the access rule it declares (see plugins/access.ts). */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's zod schemas of the query string, path and body (the fuzz tests build input from them). */
  querystring?: unknown;
  params?: unknown;
  body?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access rule, in registration order (the authorization tests walk it). */
    routeTable: readonly RouteAccess[];
    db: Kysely<Database>;
    dialect: DialectName;
    config: AppConfig;
    mailer: Mailer;
    /** The server's HTTPS as it is now (certificate source, hosts, CA), for the device setup. */
    tls: () => TlsInfo;
  }
}

export type App = FastifyInstance;

export interface BuildOptions {
  /** Use this mailer instead of the configured one (tests pass an SMTP mailer). */
  mailer?: Mailer;
  logger?: Logger;
  /** How often the access summary is written (default once a minute). */
  accessSummaryMs?: number;
  /** The live HTTPS state (main.ts); default: plain HTTP only. */
  tls?: () => TlsInfo;
  /** Makes the HTTP(S) server Fastify listens on (main.ts: HTTPS beside a plain-HTTP port). */
  serverFactory?: import('fastify').FastifyServerFactory;
}

/** Builds the whole server without listening: tests call `app.inject()`, main.ts calls listen. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<App> {
  const logger =
    opts.logger ??
    createLogger({
      dataDir: config.dataDir,
      level: config.logLevel,
      stdout: config.logToStdout,
      format: config.logFormat,
    });
  const app = Fastify({
    loggerInstance: logger,
    // One line per request only at debug, a summary a minute at info (plugins/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // A path segment may hold up to 100 comma-joined catalog uuids (GET /api/v3/brickbase/uuids/…).
    routerOptions: { maxParamLength: 4000 },
    trustProxy: config.trustProxy,
    // `https: true` only names the protocol in the "listening at" lines: the factory makes the server.
    ...(opts.serverFactory
      ? { serverFactory: opts.serverFactory, https: true as unknown as null }
      : {}),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database: Db = openDatabase({
    ...config,
    onConnectionError: (err) =>
      logger.warn({ err }, 'a database connection was dropped; the pool opens a new one'),
  });
  try {
    // Refuses a database that ran a later migration than one still pending (see migrate.ts).
    await migrateToLatest(database.db as Kysely<unknown>);
  } catch (err) {
    await database.destroy();
    throw err;
  }
  await ensurePermissionDefinitions(database.db);
  if (config.seedDemo) await seedDemo(database.db, app.log);
  const mailer =
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: logger });

  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  app.decorate('mailer', mailer);
  const tlsInfo = opts.tls ?? (() => plainHttpOnly(config.port));
  app.decorate('tls', tlsInfo);
  app.addHook('onClose', async () => {
    mailer.close();
    await database.destroy();
  });

  await app.register(accessLogPlugin, { summaryMs: opts.accessSummaryMs });
  await app.register(securityHeadersPlugin, {
    hsts:
      config.publicUrl.startsWith('https://') &&
      (config.httpsPort === null || config.httpsPort === 443),
  });
  await app.register(errorsPlugin, { spaIndex: hasBuiltPwa(config) });
  await app.register(accessPlugin, { jwtSecret: config.jwtSecret });
  await app.register(apiDocsPlugin, { apiDocs: config.apiDocs, jwtSecret: config.jwtSecret });

  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    const { querystring, params, body } = route.schema ?? {};
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, access, querystring, params, body });
    }
  });
  await app.register(registerModules, { prefix: '/api' });

  if (hasBuiltPwa(config)) {
    await app.register(fastifyStatic, {
      root: config.staticDir!,
      wildcard: false,
      setHeaders(res, path) {
        if (
          path.endsWith('service-worker.js') ||
          path.endsWith('.html') ||
          path.endsWith('.webmanifest')
        ) {
          res.setHeader('Cache-Control', 'no-cache');
        } else if (path.includes('/assets/')) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  return app as unknown as App;
}

function hasBuiltPwa(config: AppConfig): boolean {
  return !!config.staticDir && existsSync(join(config.staticDir, 'index.html'));
}
