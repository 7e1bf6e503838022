import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { PickingMutation } from '../../contract/mutations/picking';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { stockAt } from '../../server/test/orders-fixture';
import { claimedOrderFloor } from './pick-floor';
import { freshDataDir, startServer, type Bench, type BenchRow } from './support';

const CONNECTIONS = 100;
const DURATION_S = 8;
const STOCK = 10_000_000;
const GOAL_P99_MS = 50;

/**
 * Pick mutations per second and their p99 latency at 100 concurrent connections on SQLite: every
 * request is one POST /api/v1/sync/push carrying one pick.confirm.v1 with a fresh id (stock down,
 * quantity_picked up, versions stamped, the mutation recorded; one transaction), from 100 devices.
 * GET /api/health on the same server gives the ratio to a trivial route. Afterwards the stock
 * taken must equal the picks applied, exactly.
 */
export async function run(): Promise<BenchRow[]> {
  const dataDir = freshDataDir('picking');
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_STDOUT: '0', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv),
    databaseUrl: undefined,
    staticDir: undefined,
  };
  // Prepare the floor in the database the server will open: a claimed order and a deep stock.
  const setup = await buildApp(config);
  await setup.ready();
  const { auth, itemId, args } = await claimedOrderFloor(setup.db, config.jwtSecret, STOCK);
  await setup.close();

  const server = await startServer(dataDir, { SEED_DEMO: '0' });
  try {
    const body = (context: { device?: string; seq?: number }) => {
      context.device ??= `bench-${randomUUID()}`;
      context.seq = (context.seq ?? 0) + 1;
      return JSON.stringify({
        device_id: context.device,
        mutations: [{ id: randomUUID(), seq: context.seq, name: PickingMutation.pick, args }],
      });
    };
    const options = {
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/sync/push',
          headers: { authorization: auth, 'content-type': 'application/json' },
          setupRequest: (req: object, context: { device?: string; seq?: number }) => ({
            ...req,
            body: body(context),
          }),
        },
      ],
    };
    const picks = await autocannon(options as unknown as Parameters<typeof autocannon>[0]);
    const health = await autocannon({
      url: `${server.baseUrl}/api/health`,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });

    const db = openDatabase({ dataDir });
    const left = await stockAt(db.db, args.location_id, itemId);
    const applied = await db.db
      .selectFrom('applied_mutations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'applied')
      .executeTakeFirstOrThrow();
    await db.destroy();
    const taken = STOCK - left;
    const failed = picks.non2xx + picks.errors + picks.timeouts;
    const ratio = health.requests.average / picks.requests.average;
    return [
      {
        bench: 'picking',
        measure: `pick.confirm.v1 pushes, ${CONNECTIONS} connections, SQLite`,
        value: `${picks.requests.average.toFixed(0)} picks/s`,
        ok: failed === 0 && taken === Number(applied.n),
        note: `p50 ${picks.latency.p50} ms; ${picks.requests.total} pushes, ${failed} failed; stock taken ${taken} = applied ${applied.n}`,
      },
      {
        bench: 'picking',
        measure: `single-pick push p99, ${CONNECTIONS} connections`,
        value: `${picks.latency.p99} ms`,
        goal: `<= ${GOAL_P99_MS} ms`,
        ok: picks.latency.p99 <= GOAL_P99_MS,
        note: 'one pick.confirm.v1 per request, a device each',
      },
      {
        bench: 'picking',
        measure: `GET /api/health, ${CONNECTIONS} connections (same server)`,
        value: `${health.requests.average.toFixed(0)} req/s`,
        note: `p99 ${health.latency.p99} ms; health is ${ratio.toFixed(1)}x the pick rate`,
      },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const picking: Bench = { name: 'picking', run };
