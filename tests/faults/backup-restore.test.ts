// `npm run backup` (scripts/backup.ts) while the real server keeps writing, then a second server
// started on what was restored from it: the change made before the backup is there, devices'
// sessions still hold (secrets.json came along), and a device sending that change again gets the
// recorded answer instead of a second effect. On SQLite (online backup) and, when PostgreSQL
// answers, on PostgreSQL (pg_dump -Fc, restored with pg_restore into a new database).
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PickingMutation } from '../../contract/mutations/picking';
import { PickingStatus } from '../../contract/orders';
import { backup, PG_DUMP_FILE, SQLITE_FILE } from '../../scripts/backup';
import { createPostgresDb, type PostgresDb } from '../support/postgres-db';
import {
  DEMO_PASSWORD,
  signIn,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';

const PICKER = 'picker@demo.test';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `brick-${name}-`));
  cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function started(dataDir: string, databaseUrl?: string): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir, databaseUrl, timeoutMs: 120_000 });
  cleanup.push(() => server.stop());
  return server;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function pickingStatus(url: string, token: string, orderId: number): Promise<number> {
  const res = await fetch(`${url}/api/v1/order?order_id=${orderId}`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { picking_status_id: number }[] }).results[0]
    .picking_status_id;
}

async function unassignedOrder(url: string, token: string): Promise<number> {
  for (let id = 1; id <= 24; id++) {
    if ((await pickingStatus(url, token, id)) === PickingStatus.UNASSIGNED) return id;
  }
  throw new Error('no unassigned demo order');
}

/** One claim, pushed as a device pushes it; resolves the server's answer to it. */
async function pushClaim(url: string, token: string, id: string, orderId: number) {
  const res = await fetch(`${url}/api/v1/sync/push`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({
      device_id: 'backup-device',
      mutations: [{ id, seq: 1, name: PickingMutation.claim, args: { order_id: orderId } }],
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { id: string; status: string }[] }).results[0];
}

/** Sign-ins until stopped (each stores a refresh token): the server writes all along. */
function keepWriting(url: string) {
  let on = true;
  let count = 0;
  const done = (async () => {
    while (on) {
      await signIn(url, 'orders@demo.test', DEMO_PASSWORD);
      count++;
    }
  })();
  return async () => {
    on = false;
    await done;
    return count;
  };
}

/**
 * Claims an order, backs up while the server writes, and returns what the restored server must
 * show: the picker's token, the order and the claim's mutation id.
 */
async function claimThenBackup(server: ServerProcess, dataDir: string, databaseUrl?: string) {
  const { access_token: token } = await signIn(server.url, PICKER);
  const orderId = await unassignedOrder(server.url, token);
  const claim = randomUUID();
  expect((await pushClaim(server.url, token, claim, orderId)).status).toBe('applied');
  const target = join(tempDir('backup'), 'copy');
  const stop = keepWriting(server.url);
  let result;
  try {
    await new Promise((r) => setTimeout(r, 300));
    result = await backup({ dataDir, databaseUrl, target });
  } finally {
    expect(await stop()).toBeGreaterThan(0);
  }
  return { token, orderId, claim, target, written: result.written };
}

/** The restored server holds the claim once, and the picker's session from before. */
async function expectRestored(url: string, token: string, orderId: number, claim: string) {
  expect(await pickingStatus(url, token, orderId)).toBe(PickingStatus.BEING_PICKED);
  const again = await pushClaim(url, token, claim, orderId);
  expect(again).toMatchObject({ id: claim, status: 'applied' });
}

describe('backup while the server writes, and a restore', () => {
  it('SQLite: online backup of the database, with secrets.json', async () => {
    const dataDir = tempDir('live');
    const server = await started(dataDir);
    const { token, orderId, claim, target, written } = await claimThenBackup(server, dataDir);
    expect(written).toContain(SQLITE_FILE);
    expect(written).toContain('secrets.json');
    await server.stop();

    // Restore: the backup's files become a new DATA_DIR.
    const restored = tempDir('restored');
    for (const name of readdirSync(target)) {
      cpSync(join(target, name), join(restored, name), { recursive: true });
    }
    const second = await started(restored);
    await expectRestored(second.url, token, orderId, claim);
  }, 240_000);

  it('SQLite at DATABASE_URL=sqlite:<file>: backs up that file, not DATA_DIR’s', async () => {
    const dataDir = tempDir('data');
    const file = join(tempDir('elsewhere'), 'stock.sqlite');
    const db = new Database(file);
    db.exec("create table lots (name text); insert into lots values ('3001 red')");
    db.close();
    const target = join(tempDir('backup-file'), 'copy');
    const { written } = await backup({ dataDir, databaseUrl: `sqlite:${file}`, target });
    expect(written).toEqual([SQLITE_FILE]);
    const copy = new Database(join(target, SQLITE_FILE), { readonly: true });
    expect(copy.prepare('select name from lots').all()).toEqual([{ name: '3001 red' }]);
    copy.close();
  });

  const pgBase = process.env.TEST_POSTGRES_URL;
  // Where PostgreSQL runs its client tools do too (npm run backup needs pg_dump): not skipped.
  (pgBase ? it : it.skip)(
    'PostgreSQL: pg_dump -Fc, restored with pg_restore into a new database',
    async () => {
      const made: PostgresDb[] = [];
      cleanup.push(async () => {
        for (const db of made) await db.drop();
      });
      const live = await createPostgresDb(pgBase!, 'bw_backup');
      made.push(live);
      const dataDir = tempDir('live-pg');
      const server = await started(dataDir, live.url);
      const { token, orderId, claim, target, written } = await claimThenBackup(
        server,
        dataDir,
        live.url,
      );
      expect(written).toEqual(expect.arrayContaining([PG_DUMP_FILE, 'secrets.json']));
      expect(existsSync(join(target, SQLITE_FILE))).toBe(false);
      await server.stop();

      const fresh = await createPostgresDb(pgBase!, 'bw_restore');
      made.push(fresh);
      const r = spawnSync('pg_restore', [
        '--no-owner',
        '-d',
        fresh.url,
        join(target, PG_DUMP_FILE),
      ]);
      expect(r.status, r.stderr?.toString()).toBe(0);
      const restored = tempDir('restored-pg');
      cpSync(join(target, 'secrets.json'), join(restored, 'secrets.json'));
      const second = await started(restored, fresh.url);
      await expectRestored(second.url, token, orderId, claim);
    },
    240_000,
  );
});
