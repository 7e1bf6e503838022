// The database goes away for a few seconds in the middle of a flush (PostgreSQL restarted, a
// network blip between the server and the database): every connection is cut and new ones are
// reset. The server must stay up, answer the pushes it cannot serve with 503 (never 500, so the
// device retries), and once the database is back, every write lands exactly once. PostgreSQL
// only; skipped with the global setup's warning when it is not reachable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PickingMutation } from '../../contract/mutations/picking';
import type { PushRequest } from '../../contract/sync';
import { countUnsent, enqueue, flush, listOutbox } from '../../src/offline/engine';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { signIn, startServerProcess, type ServerProcess } from '../support/server-process';
import { createPostgresDb, type PostgresDb } from '../support/postgres-db';

const baseUrl = process.env.TEST_POSTGRES_URL;
const WRITES = 300;
const OUTAGE_MS = 3000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

(baseUrl ? describe : describe.skip)('the database going away mid-flush', () => {
  let pgDb: PostgresDb;
  let dataDir: string;
  let dbProxy: FaultProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    pgDb = await createPostgresDb(baseUrl!, 'bw_blip');
    const real = new URL(baseUrl!);
    dbProxy = await startFaultProxy({
      target: { host: real.hostname, port: Number(real.port || 5432) },
    });
    const viaProxy = new URL(pgDb.url);
    viaProxy.host = `127.0.0.1:${dbProxy.port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'brick-blip-'));
    server = await startServerProcess({ dataDir, databaseUrl: viaProxy.toString() });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await dbProxy?.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while it is gone, stays up, and applies every write once after', async () => {
    const { access_token } = await signIn(server.url, 'picker@demo.test');
    const run = globalThis.crypto.randomUUID().slice(0, 8);
    for (let i = 0; i < WRITES; i++) {
      await enqueue(PickingMutation.issue, { note: `blip ${run} #${i}`, manager_id: 2 });
    }
    const ids = (await listOutbox()).map((e) => e.id);

    const statuses: number[] = [];
    let heard = 0;
    const pushFn = async (body: PushRequest) => {
      const response = await fetch(`${server.url}/api/v1/sync/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      statuses.push(response.status);
      if (response.ok) heard += body.mutations.length;
      return response;
    };

    const deadline = Date.now() + 60_000;
    let flushing = true;
    const flushLoop = (async () => {
      try {
        while ((await countUnsent()) > 0) {
          if (server.child.exitCode !== null) {
            const firstLines = server
              .output()
              .split('\n')
              .filter((l) => l && !/^\s/.test(l))
              .slice(0, 8);
            throw new Error(
              `the server died (exit ${server.child.exitCode}):\n${firstLines.join('\n')}`,
            );
          }
          if (Date.now() > deadline) {
            throw new Error(
              `the outbox did not drain within 60 s; last push answers ${statuses.slice(-20).join(' ')}` +
                `\n${server.output().slice(-1500)}`,
            );
          }
          const result = await flush({ pushFn, ignoreBackoff: true, batchSize: 10 });
          if (result.status === 'signed-out') throw new Error('signed out while flushing');
          if (result.status !== 'done') await sleep(100);
        }
      } finally {
        flushing = false;
      }
    })();

    while (flushing && heard < WRITES / 3) await sleep(10);
    expect(flushing).toBe(true);
    await dbProxy.setMode('reset');
    const healthDuring: number[] = [];
    const outageEnds = Date.now() + OUTAGE_MS;
    while (Date.now() < outageEnds) {
      const res = await fetch(`${server.url}/api/health`).catch(() => null);
      healthDuring.push(res?.status ?? 0);
      await sleep(250);
    }
    await dbProxy.setMode('pass');
    await flushLoop;

    // The server lived through it (the health route always answered) and said "later", not "broken".
    expect(healthDuring.filter((s) => s === 0)).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect(await listOutbox()).toEqual([]);

    const check = new pg.Client({ connectionString: pgDb.url });
    await check.connect();
    try {
      const notes = await check.query<{ note: string; n: number }>(
        `select note, count(*)::int as n from issues where note like $1 group by note`,
        [`blip ${run} #%`],
      );
      expect(notes.rows.filter((r) => r.n !== 1)).toEqual([]);
      expect(notes.rows).toHaveLength(WRITES);
      const recorded = await check.query<{ n: number }>(
        `select count(*)::int as n from applied_mutations where id = any($1) and status = 'applied'`,
        [ids],
      );
      expect(recorded.rows[0].n).toBe(WRITES);
    } finally {
      await check.end();
    }
  }, 120_000);
});
