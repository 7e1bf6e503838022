import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { runGroup, type ChunkDone, type ChunkJob } from './push-chunk';

/**
 * Group commit of a company's pushes. Pushes that arrive while one of the company's transactions
 * runs wait, and then go together in the next transaction, one commit for all (each device's
 * chunk with its own results, each mutation in its own savepoint as ever). A hundred pickers each
 * sending one pick thus cost a few transactions, not a hundred, and on PostgreSQL a few flushes of
 * the write-ahead log to disk: with a row every pick changes (a deep stock row), each commit
 * would otherwise hold that row for a disk flush. A push alone goes at once.
 *
 * When a group's transaction fails as a whole (the database failed), each chunk in it is tried
 * again in a transaction of its own, so one device's trouble does not stop the others.
 */

/** At most this many mutations in one group's transaction (whole chunks; the first always goes). */
export const GROUP_MUTATIONS = 400;

interface Waiting extends ChunkJob {
  resolve: (done: ChunkDone | undefined) => void;
}

interface Queue {
  running: boolean;
  waiting: Waiting[];
}

/** Per database (one per server), per company. */
const queues = new WeakMap<object, Map<number, Queue>>();

/** Runs a device's chunk in the company's next group; undefined when the database failed. */
export function submitChunk(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  job: ChunkJob,
): Promise<ChunkDone | undefined> {
  let companies = queues.get(db);
  if (!companies) queues.set(db, (companies = new Map()));
  const companyId = job.user.companyId;
  let queue = companies.get(companyId);
  if (!queue) companies.set(companyId, (queue = { running: false, waiting: [] }));
  const q = queue;
  return new Promise((resolve) => {
    q.waiting.push({ ...job, resolve });
    if (q.running) return;
    // Started once the requests already received have been read: on SQLite a group runs almost
    // without yielding to the network, so pushes that arrived together would otherwise go one
    // by one. Nothing waits for this when the server is quiet.
    q.running = true;
    setImmediate(() => void drain(db, log, q, () => companies.delete(companyId)));
  });
}

async function drain(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  q: Queue,
  forget: () => void,
): Promise<void> {
  try {
    while (q.waiting.length > 0) {
      const group = takeGroup(q.waiting);
      const done = await runGroup(db, log, group).catch(() => undefined);
      if (done) {
        group.forEach((w, i) => w.resolve(done[i]));
        continue;
      }
      if (group.length === 1) {
        group[0].resolve(undefined);
        continue;
      }
      for (const w of group) {
        w.resolve((await runGroup(db, log, [w]).catch(() => undefined))?.[0]);
      }
    }
  } finally {
    q.running = false;
    forget();
  }
}

function takeGroup(waiting: Waiting[]): Waiting[] {
  let n = 0;
  let size = 0;
  while (n < waiting.length && (n === 0 || size + waiting[n].chunk.length <= GROUP_MUTATIONS)) {
    size += waiting[n].chunk.length;
    n++;
  }
  return waiting.splice(0, n);
}
