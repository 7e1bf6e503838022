import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueue,
  flush,
  isUnreachable,
  WarehouseDb,
  type FlushResult,
} from '../src/offline/engine';
import { getPushBackoff } from '../src/offline/meta';
import { startSyncServer, type SyncServer } from '../src/test/syncServer';
import { bindDeviceOwner } from '../src/offline/engine';
import { saveSession, type StoredSession } from '../src/offline/session';
import { flushOutbox, sessionOwnsOutbox, singleFlight, syncEventOutcome } from './outbox-sync';
import { engineDb, openWorkerDb, type WorkerDb } from './worker-db';

/**
 * The worker's flush loop with the real engine against the in-process sync server, on a virtual
 * clock: sleeping moves the clock, so the tests see exactly when the worker would send.
 *
 * The page (Dexie) makes the database and queues; the worker flushes on its own view of it
 * (worker-db.ts, as in the built worker), and the same tests also run with the page's database.
 */
let server: SyncServer;
/** The page's database. */
let db: WarehouseDb;
/** The one the worker flushes with. */
let wdb: WarehouseDb;
let opened: WorkerDb | null;
let clock: number;
let sleeps: number[];
let notified: Array<{ applied: number; rejected: number }>;

describe.each(['worker', 'page'] as const)(
  'the service worker flush on the %s database',
  (kind) => {
    beforeEach(async () => {
      server = await startSyncServer();
      db = new WarehouseDb(`sw-flush-${crypto.randomUUID()}`);
      await db.open();
      opened = kind === 'worker' ? await openWorkerDb(db.name) : null;
      wdb = opened ? engineDb(opened) : db;
      clock = Date.now();
      sleeps = [];
      notified = [];
    });
    afterEach(async () => {
      opened?.close();
      db.close();
      await server.close();
    });

    const now = () => clock;
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      clock += ms;
    };
    const engineFlush = () => flush({ pushFn: server.pushFn, db: wdb, now, random: () => 0.5 });
    const worker = (run: () => Promise<FlushResult> = engineFlush) =>
      flushOutbox({
        flush: run,
        notify: async (counts) => {
          notified.push(counts);
        },
        now,
        sleep,
        unreachable: async () => isUnreachable((await getPushBackoff(wdb)).unanswered),
      });
    const queue = async (n: number) => {
      for (let i = 0; i < n; i++) await enqueue('stock.add.v1', { qty: 1 }, undefined, db);
    };
    const unavailable = (retryAfterSeconds: number) => ({
      kind: 'status' as const,
      status: 503,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });

    it('sends the queue and tells the windows what it sent', async () => {
      await queue(3);
      const result = await worker();
      expect(result.status).toBe('done');
      expect(server.state.applied).toHaveLength(3);
      expect(notified).toEqual([{ applied: 3, rejected: 0 }]);
      expect(sleeps).toEqual([]);
    });

    it('waits inside the event for a short backoff, and never sends before it ends', async () => {
      await queue(2);
      server.state.pushFaults.push(unavailable(2));
      const result = await worker();
      expect(result.status).toBe('done');
      expect(server.state.pushes).toBe(2);
      expect(sleeps).toHaveLength(1);
      expect(sleeps[0]).toBeGreaterThanOrEqual(2_000);
      expect(server.state.applied).toHaveLength(2);
      expect(notified).toEqual([{ applied: 2, rejected: 0 }]);
    });

    it('ends the event when the next try is far off: the sync fails so the browser reschedules', async () => {
      await queue(1);
      server.state.pushFaults.push(unavailable(600));
      await expect(syncEventOutcome(() => worker(), false)).rejects.toThrow(/next try at/);
      expect(server.state.pushes).toBe(1);
      expect(sleeps).toEqual([]);
      expect(notified).toEqual([]);

      // Woken again before the backoff ended: nothing is sent (the stored backoff holds).
      await expect(syncEventOutcome(() => worker(), false)).rejects.toThrow(/next try at/);
      expect(server.state.pushes).toBe(1);

      // The browser's last attempt: nothing left to reschedule, the event ends quietly.
      await expect(syncEventOutcome(() => worker(), true)).resolves.toBeUndefined();
      expect(server.state.pushes).toBe(1);
    });

    it('makes few pushes through an outage that outlasts the event', async () => {
      await queue(1);
      for (let i = 0; i < 50; i++) server.state.pushFaults.push({ kind: 'drop' });
      const result = await worker();
      expect(result.status).toBe('waiting');
      // 90 s of outage: the backoff doubles (0.5–1 s, 1–2 s, 2–4 s, … capped at 60 s).
      expect(server.state.pushes).toBeLessThanOrEqual(8);
      expect(sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(90_000);
    });

    it('resolves a sync event when the session is gone: only a new sign-in helps', async () => {
      await queue(1);
      server.state.token = 'secret';
      const signedOut = () =>
        flush({ pushFn: server.pushFn, refreshSession: async () => false, db: wdb, now });
      await expect(syncEventOutcome(() => worker(signedOut), false)).resolves.toBeUndefined();
      expect(server.state.applied).toHaveLength(0);
    });

    it('looks again shortly while a page holds the flush', async () => {
      await queue(2);
      let release!: () => void;
      server.state.gate = new Promise<void>((resolve) => (release = resolve));
      const pageFlush = flush({ pushFn: server.pushFn, db });
      await expect.poll(() => server.state.pushes).toBe(1);
      const results: string[] = [];
      const run = async () => {
        const result = await engineFlush();
        results.push(result.status);
        if (result.status === 'busy') {
          release();
          await pageFlush;
        }
        return result;
      };
      const result = await worker(run);
      expect(results).toEqual(['busy', 'done']);
      expect(result.status).toBe('done');
      expect(sleeps).toEqual([2_000]);
      expect(server.state.applied).toHaveLength(2);
      expect(notified).toEqual([]);
    });

    it('leaves a server the page found unreachable to the page: no push after its wait', async () => {
      await queue(1);
      server.state.pushFaults.push({ kind: 'drop' }, { kind: 'drop' });
      // The page's two pushes get no answer (it then probes the server instead of pushing).
      for (let i = 0; i < 2; i++) {
        clock = (await getPushBackoff(db)).until;
        expect((await flush({ pushFn: server.pushFn, db, now })).status).toBe('waiting');
      }
      expect((await getPushBackoff(db)).unanswered).toBe(2);
      // Meanwhile the worker found the page flushing, and looks again after its wait.
      let first = true;
      const run = async (): Promise<FlushResult> => {
        if (!first) return engineFlush();
        first = false;
        return { status: 'busy' };
      };
      const result = await worker(run);
      expect(result.status).toBe('busy');
      expect(sleeps).toEqual([2_000]);
      expect(server.state.pushes).toBe(2);
    });

    it('counts only pushes with no answer at all as unanswered', async () => {
      await queue(1);
      server.state.pushFaults.push(unavailable(1), { kind: 'drop' });
      expect((await flush({ pushFn: server.pushFn, db, now })).status).toBe('waiting');
      expect((await getPushBackoff(db)).unanswered).toBe(0);
      clock = (await getPushBackoff(db)).until;
      const dropped = await flush({ pushFn: server.pushFn, db, now });
      expect(dropped.status === 'waiting' && dropped.unanswered).toBe(1);
      expect((await getPushBackoff(db)).failures).toBe(2);
    });

    it('shares one flush between triggers that arrive together', async () => {
      let runs = 0;
      const once = singleFlight(async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 20));
        return runs;
      });
      expect(await Promise.all([once(), once(), once()])).toEqual([1, 1, 1]);
      expect(await once()).toBe(2);
    });

    it("sends only the outbox of the stored session's user", async () => {
      const session = (userId: number): StoredSession => ({
        access_token: 'a',
        refresh_token: 'r',
        token_type: 'Bearer',
        expires_at: null,
        refresh_expires_at: null,
        permissions: [3],
        user: { id: userId, name: 'P', email: 'p@demo.test', company_id: 1, company_name: 'Demo' },
      });
      expect(await sessionOwnsOutbox(wdb)).toBe(false);
      await bindDeviceOwner('1:7', db);
      expect(await sessionOwnsOutbox(wdb)).toBe(false);
      await saveSession(session(7), db);
      expect(await sessionOwnsOutbox(wdb)).toBe(true);
      // Another user signed in; the page has not parked the previous user's entries yet.
      await saveSession(session(8), db);
      expect(await sessionOwnsOutbox(wdb)).toBe(false);
    });
  },
);
