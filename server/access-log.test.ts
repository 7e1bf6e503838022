import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, signIn } from '../tests/support/server-process';
import type { App } from './app';
import { loadConfig } from './config';
import { createLogger } from './logging';
import { createTestApp, describeEachDialect, loginAs } from './test/helpers';

/** 200 calls the way the PWA makes them: health checks, signed-in reads, a refused one, a miss. */
async function twoHundredCalls(
  call: (url: string, auth?: string) => Promise<number>,
  auth: string,
) {
  const statuses: number[] = [];
  for (let i = 0; i < 200; i++) {
    if (i % 50 === 49)
      statuses.push(await call('/api/user')); // no token: 401
    else if (i % 50 === 48)
      statuses.push(await call('/api/no-such-route')); // 404
    else if (i % 2 === 0) statuses.push(await call('/api/user', auth));
    else statuses.push(await call('/api/health'));
  }
  return statuses;
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describeEachDialect('the log at the default level', (dialect) => {
  let out = '';
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bw-log-'));
    // The production logger: level info, text lines on stdout (here captured).
    const logger = createLogger({
      dataDir,
      level: loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv).logLevel,
      stdout: true,
      format: 'text',
      out: { write: (line: string) => (out += line) },
    });
    const t = await createTestApp(dialect, {}, { logger });
    app = t.app;
    close = async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close?.());

  it('writes at most 40 lines for 200 API calls, and sums them up in one line', async () => {
    const auth = await loginAs(app, 'admin@demo.test');
    out = '';
    const statuses = await twoHundredCalls(async (url, authorization) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: authorization ? { authorization } : {},
      });
      return res.statusCode;
    }, auth);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 404)).toHaveLength(4);
    await close();
    const written = lines(out);
    expect(written.length).toBeLessThanOrEqual(40);
    const summary = written.find((l) => l.includes('requests answered'));
    // No line of its own for a health check (the summary names the slowest route, which on a
    // busy machine can be one of them).
    expect(written.filter((l) => l !== summary && l.includes('GET /api/health'))).toHaveLength(0);
    // The 200 calls and the sign-in.
    expect(summary).toContain('201 requests answered (8 refused or invalid, 0 server errors)');
    expect(summary).toMatch(/^\d\d:\d\d:\d\d INFO {2}201 requests/);
  });
});

describe('the log at debug', () => {
  it('writes one line per request', async () => {
    let out = '';
    const dataDir = mkdtempSync(join(tmpdir(), 'bw-log-'));
    const logger = createLogger({
      dataDir,
      level: 'debug',
      stdout: true,
      format: 'text',
      out: { write: (line: string) => (out += line) },
    });
    const t = await createTestApp('sqlite', {}, { logger });
    try {
      for (let i = 0; i < 20; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
      const requestLines = lines(out).filter((l) =>
        / DEBUG .*GET \/api\/health 200 \d+ ms/.test(l),
      );
      expect(requestLines).toHaveLength(20);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// The real server as `npm start` runs it (SQLite; the lines are the same on PostgreSQL).
describe('the server started as npm start starts it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bw-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('first says where everything is, then writes at most 40 lines for 200 calls', async () => {
    const server = await startServerProcess({
      dataDir,
      env: { LOG_LEVEL: '', LOG_FORMAT: '', SMTP_URL: '' },
    });
    let before: string;
    try {
      const { access_token } = await signIn(server.url, 'admin@demo.test');
      before = server.output();
      const statuses = await twoHundredCalls(async (url, authorization) => {
        const res = await fetch(`${server.url}${url}`, {
          headers: authorization ? { authorization } : {},
        });
        await res.arrayBuffer();
        return res.status;
      }, `Bearer ${access_token}`);
      expect(statuses.filter((s) => s === 200)).toHaveLength(192);
    } finally {
      await server.stop();
    }
    const first = lines(before).slice(0, 8).join('\n');
    expect(first).toContain(`address: ${server.url}`);
    expect(first).toContain(`database: SQLite file ${join(dataDir, 'warehouse.sqlite')}`);
    expect(first).toContain(`data folder: ${dataDir}`);
    expect(first).toContain(`mail: written as files to ${join(dataDir, 'mail')}`);
    expect(first).toContain('npm run mail:last');
    expect(first).toContain(`log file: ${join(dataDir, 'logs', 'server.log')}`);
    const during = lines(server.output()).slice(lines(before).length);
    expect(during.length).toBeLessThanOrEqual(40);
    // The 200 calls, the sign-in and the start's health check.
    expect(during.join('\n')).toMatch(/\b20[1-9] requests answered \(8 refused or invalid/);
  }, 90_000);
});
