import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TRAY_CLAIM_LEASE_SECONDS } from '../contract/batch-trays';
import type { LogFormat } from './logging';
import { certificateHosts } from './tls/certificates';
import { canonicalHost, isLoopbackHost, isOpenable, machineHosts, urlHost } from './tls/hosts';

export interface AppConfig {
  /** Plain HTTP (PORT, default 8080): the whole app on this machine's own loopback address. */
  port: number;
  host: string;
  /**
   * The port this server answers HTTPS on (HTTPS_PORT, default 8443); null with HTTPS_PORT=off
   * (a proxy in front ends TLS, or plain HTTP is wanted). With HTTPS on, plain HTTP from another
   * machine only leads to HTTPS and the device setup page (docs/deploy.md).
   */
  httpsPort: number | null;
  /** The company's own certificate and key (TLS_CERT, TLS_KEY: PEM files, reloaded on change). */
  tlsCertFile?: string;
  tlsKeyFile?: string;
  /**
   * Names the server's own certificate holds besides the machine's host name and LAN addresses
   * (TLS_HOSTS, comma-separated: `warehouse.lan,10.0.0.5`).
   */
  tlsHosts: string[];
  dataDir: string;
  /** `postgres://…` for PostgreSQL; otherwise SQLite at `dataDir/warehouse.sqlite`. */
  databaseUrl?: string;
  /**
   * PostgreSQL connections this server keeps at most (PG_POOL_SIZE). Default: four per CPU core,
   * at least 8 and at most 32: enough to keep the database busy while requests wait on the
   * network, few enough that several servers on one database stay under its connection limit.
   */
  pgPoolSize?: number;
  smtpUrl?: string;
  publicUrl: string;
  /** Load the demo companies when the database has no company yet. */
  seedDemo: boolean;
  jwtSecret: string;
  /** Key for encrypting marketplace credentials at rest. */
  credentialKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * How long the server keeps sync bookkeeping (idempotency records, tombstones); a device whose
   * pull cursor is older refetches its collections. Default: the refresh-token lifetime.
   */
  syncHorizonSeconds: number;
  /** Where the built PWA lives; served at `/` when present. */
  staticDir?: string;
  logLevel: string;
  /** How stdout lines look: `text` for a person (default) or `json` for a log collector. */
  logFormat: LogFormat;
  /** Write logs to stdout as well as to the log file (off in tests). */
  logToStdout: boolean;
  /** Believe X-Forwarded-For (only behind a real reverse proxy; off by default). */
  trustProxy: boolean;
  /**
   * The API docs at /api/docs: `public`, `signed-in` (a valid bearer access token is needed) or
   * `off`. Default: `signed-in` when NODE_ENV is production, else `public`.
   */
  apiDocs: ApiDocsMode;
  /**
   * Run background jobs (marketplace uploads, order intake) in this server (JOB_RUNNER; on by
   * default, off under the test runner, where a test starts one itself).
   */
  jobRunner: boolean;
  /** Import each store's new orders every this many minutes (ORDER_INTAKE_MINUTES; 0 = never). */
  orderIntakeMinutes: number;
  /**
   * How long a server's claim on a running job lasts unless renewed (JOB_LEASE_SECONDS, default
   * 60): after a crash another server takes the job over once it lapses.
   */
  jobLeaseSeconds: number;
  /**
   * Days a marketplace job is kept once it ended, done or failed, with its lots
   * (JOB_RETENTION_DAYS, default 30); uploads of a batch not fully uploaded are kept until it is.
   */
  jobRetentionDays: number;
  /**
   * How long the write claim on a batch's trays lasts unless the editor renews it
   * (TRAY_CLAIM_LEASE_SECONDS, default 300): a closed or idle editor never locks a batch longer.
   */
  trayClaimLeaseSeconds: number;
  /** Days a line of the marketplace log (the Logs screen) is kept (LOG_RETENTION_DAYS, default 90). */
  logRetentionDays: number;
}

export type ApiDocsMode = 'public' | 'signed-in' | 'off';

function apiDocsMode(env: NodeJS.ProcessEnv): ApiDocsMode {
  const value = (env.API_DOCS ?? '').toLowerCase();
  if (value === 'public' || value === 'signed-in' || value === 'off') return value;
  if (value !== '') throw new Error(`API_DOCS must be public, signed-in or off, not '${value}'`);
  return env.NODE_ENV === 'production' ? 'signed-in' : 'public';
}

interface Secrets {
  jwtSecret: string;
  credentialKey: string;
}

/** Secrets come from the environment or are generated once into DATA_DIR (never committed). */
function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv): Secrets {
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: env.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(32).toString('base64url'),
    credentialKey:
      env.CREDENTIAL_KEY ?? stored.credentialKey ?? randomBytes(32).toString('base64url'),
  };
  if (!env.JWT_SECRET || !env.CREDENTIAL_KEY) {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

function logFormat(env: NodeJS.ProcessEnv): LogFormat {
  const value = (env.LOG_FORMAT ?? '').toLowerCase();
  if (value === '' || value === 'text') return 'text';
  if (value === 'json') return 'json';
  throw new Error(`LOG_FORMAT must be text or json, not '${value}'`);
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function atLeast(name: string, min: number, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min)
    throw new Error(`${name} must be ${min} or more, not '${value}'`);
  return n;
}

function httpsPort(env: NodeJS.ProcessEnv): number | null {
  const value = (env.HTTPS_PORT ?? '').trim().toLowerCase();
  if (value === '') return 8443;
  if (['off', 'no', 'false', '0'].includes(value)) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new Error(`HTTPS_PORT must be a port number or off, not '${env.HTTPS_PORT}'`);
  return n;
}

function tlsFiles(env: NodeJS.ProcessEnv): { tlsCertFile?: string; tlsKeyFile?: string } {
  const cert = env.TLS_CERT?.trim();
  const key = env.TLS_KEY?.trim();
  if (!cert && !key) return {};
  if (!cert || !key) throw new Error('TLS_CERT and TLS_KEY go together: set both or neither');
  return { tlsCertFile: resolve(cert), tlsKeyFile: resolve(key) };
}

/** The first name of a company certificate a device can open (no wildcard, not loopback). */
function certificateName(certFile: string | undefined): string | undefined {
  if (!certFile) return undefined;
  try {
    const hosts = certificateHosts(readFileSync(certFile, 'utf8'));
    return hosts.find((h) => isOpenable(h) && !isLoopbackHost(h));
  } catch {
    return undefined; // the HTTPS start says what is wrong with the file
  }
}

/**
 * The address mails link to when PUBLIC_URL is not set: with the server's own HTTPS, the secure
 * address phones open (the first of TLS_HOSTS, else the first name of the company's certificate,
 * else the first LAN address); without it, this machine's loopback address.
 */
function defaultPublicUrl(
  port: number,
  https: number | null,
  tlsHosts: string[],
  certFile: string | undefined,
): string {
  if (https === null) return `http://localhost:${port}`;
  const host = tlsHosts[0] ?? certificateName(certFile) ?? machineHosts()[0];
  return `https://${urlHost(canonicalHost(host))}${https === 443 ? '' : `:${https}`}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 8080);
  const https = httpsPort(env);
  const tlsHosts = (env.TLS_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const files = tlsFiles(env);
  const secrets = loadSecrets(dataDir, env);
  const refreshTokenTtlSeconds = Number(env.REFRESH_TOKEN_TTL ?? 30 * 24 * 3600);
  const horizon = Number(env.SYNC_HORIZON_SECONDS);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    httpsPort: https,
    ...files,
    tlsHosts,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgPoolSize: Number(env.PG_POOL_SIZE) > 0 ? Math.floor(Number(env.PG_POOL_SIZE)) : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (
      env.PUBLIC_URL || defaultPublicUrl(port, https, tlsHosts, files.tlsCertFile)
    ).replace(/\/$/, ''),
    seedDemo: flag(env.SEED_DEMO, true),
    jwtSecret: secrets.jwtSecret,
    credentialKey: secrets.credentialKey,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 15 * 60),
    refreshTokenTtlSeconds,
    syncHorizonSeconds: env.SYNC_HORIZON_SECONDS && horizon > 0 ? horizon : refreshTokenTtlSeconds,
    staticDir: env.STATIC_DIR ?? resolve('dist'),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormat(env),
    logToStdout: flag(env.LOG_STDOUT, true),
    trustProxy: flag(env.TRUST_PROXY, false),
    apiDocs: apiDocsMode(env),
    jobRunner: flag(env.JOB_RUNNER, process.env.VITEST === undefined),
    orderIntakeMinutes: atLeast('ORDER_INTAKE_MINUTES', 0, env.ORDER_INTAKE_MINUTES, 10),
    jobLeaseSeconds: atLeast('JOB_LEASE_SECONDS', 3, env.JOB_LEASE_SECONDS, 60),
    jobRetentionDays: atLeast('JOB_RETENTION_DAYS', 1, env.JOB_RETENTION_DAYS, 30),
    logRetentionDays: atLeast('LOG_RETENTION_DAYS', 1, env.LOG_RETENTION_DAYS, 90),
    trayClaimLeaseSeconds: atLeast(
      'TRAY_CLAIM_LEASE_SECONDS',
      2,
      env.TRAY_CLAIM_LEASE_SECONDS,
      TRAY_CLAIM_LEASE_SECONDS,
    ),
  };
}
