import { rmSync } from 'node:fs';
import { freshPostgres } from './fresh-postgres';
import { STORE_MAX } from '../../contract/bricksyncer';
import { JOB_QUEUE_MAX } from '../../contract/jobs';
import { buildApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DialectName } from '../../server/db';
import { addStore, makeSyncBatch } from '../../server/test/jobs';
import { bearerFor, companyId } from '../../server/test/locations-support';
import { startFakeBrickLink, type FakeBrickLink } from '../support/fake-bricklink';
import { freshDataDir, ms, type Bench, type BenchRow } from './support';

/**
 * Two companies share a server and its job runner (the real one, started with the server, against
 * the local fake BrickLink). One floods the queue: all the stores it may have, an order intake,
 * stock sync and stock check for each, and batch uploads until the server answers 429. Then the
 * other company asks for one order intake: how long until its job starts (goal: within 5 s), and
 * how many of the flood's jobs were still waiting then. On SQLite and on PostgreSQL.
 */
const NAME = 'fair-queue';
const GOAL_MS = 5_000;
const LOTS_PER_BATCH = 40;
async function openJobs(app: App, company: number): Promise<number> {
  const row = await app.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', company)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The flooding company's requests; answers how many were refused with 429. */
async function flood(app: App, auth: string, company: number): Promise<number> {
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { authorization: auth }, payload });
  const stores: number[] = [];
  for (let n = 2; n < STORE_MAX; n++) stores.push(await addStore(app, auth, 'BRICKLINK'));
  let refused = 0;
  const count = (status: number) => {
    if (status === 429) refused += 1;
    else if (status >= 300) throw new Error(`a flood request answered ${status}`);
  };
  for (const store of stores)
    count((await post('/api/v1/order_intake', { store_id: store })).statusCode);
  count((await post('/api/v1/stock_sync', {})).statusCode);
  count((await post('/api/v1/stock_check', {})).statusCode);
  // Uploads of one batch after another (a job per store each) until the queue is full.
  for (let batch = 0; batch < 12 && refused === 0; batch++) {
    const { batchId } = await makeSyncBatch(app, company, LOTS_PER_BATCH);
    const res = await post(`/api/v1/sync_batch_upload?batch_id=${batchId}`, { items: [] });
    count(res.statusCode);
  }
  // And once more for every store: each already has its jobs, so they are answered, not queued.
  for (const store of stores)
    count((await post('/api/v1/order_intake', { store_id: store })).statusCode);
  return refused;
}

async function runOn(dialect: DialectName): Promise<BenchRow[]> {
  const bench = `${NAME} [${dialect}]`;
  const fresh = dialect === 'postgres' ? await freshPostgres('queue') : null;
  if (dialect === 'postgres' && !fresh) {
    return [{ bench, measure: 'skipped', value: '-', note: 'PostgreSQL not reachable' }];
  }
  const bl: FakeBrickLink = await startFakeBrickLink();
  const savedUrl = process.env.BRICKLINK_API_URL;
  process.env.BRICKLINK_API_URL = bl.url;
  const dataDir = freshDataDir(NAME);
  const env = { DATA_DIR: dataDir, LOG_STDOUT: '0', LOG_LEVEL: 'warn', ORDER_INTAKE_MINUTES: '0' };
  const app = await buildApp({
    ...loadConfig(env as NodeJS.ProcessEnv),
    databaseUrl: fresh?.url,
    staticDir: undefined,
    jobRunner: true,
  });
  try {
    await app.ready();
    const flooder = await companyId(app, 'Demo Bricks');
    const floodAuth = await bearerFor(app, 'Demo Bricks', ['bricksyncer']);
    const otherAuth = await bearerFor(app, 'Other Bricks', ['bricksyncer']);
    const otherStore = await addStore(app, otherAuth, 'BRICKLINK');

    const floodStarted = performance.now();
    const refused = await flood(app, floodAuth, flooder);
    const queued = await openJobs(app, flooder);

    const asked = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/order_intake',
      headers: { authorization: otherAuth },
      payload: { store_id: otherStore },
    });
    if (res.statusCode !== 202) throw new Error(`the other company: ${res.statusCode} ${res.body}`);
    const jobId = (res.json() as { id: number }).id;
    let started = Number.NaN;
    let waitingThen = 0;
    while (performance.now() - asked < 60_000) {
      const job = await app.db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      if (job.status !== 'queued') {
        started = performance.now() - asked;
        waitingThen = await openJobs(app, flooder);
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    while ((await openJobs(app, flooder)) > 0 && performance.now() - floodStarted < 300_000) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const drained = performance.now() - floodStarted;
    const left = await openJobs(app, flooder);
    return [
      {
        bench,
        measure: "other company's job starts after",
        value: Number.isNaN(started) ? 'not within 60 s' : ms(started),
        goal: `≤ ${GOAL_MS / 1000} s`,
        ok: started <= GOAL_MS,
        note: `${waitingThen} of the flood's jobs still waiting then`,
      },
      {
        bench,
        measure: 'the flood',
        value: `${queued} jobs queued`,
        goal: `≤ ${JOB_QUEUE_MAX} waiting`,
        ok: queued <= JOB_QUEUE_MAX && refused > 0,
        note: `${STORE_MAX} stores; ${refused} requests refused with 429; ${left === 0 ? `all ran in ${ms(drained)}` : `${left} still open after ${ms(drained)}`}`,
      },
    ];
  } finally {
    await app.close();
    await bl.close();
    process.env.BRICKLINK_API_URL = savedUrl;
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const fairQueue: Bench = {
  name: NAME,
  async run() {
    return [...(await runOn('sqlite')), ...(await runOn('postgres'))];
  },
};
