import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { ensureBuilt, freshDataDir, startServer, type Bench } from './support';

const DURATION_S = 10;
const CONNECTIONS = 8;

/** POST /api/login with valid Basic credentials: argon2id verification dominates each request. */
export const loginThroughput: Bench = {
  name: 'login',
  async run() {
    ensureBuilt();
    const dir = freshDataDir('login');
    const server = await startServer(dir, { SEED_DEMO: '1' });
    try {
      const credentials = Buffer.from('picker@demo.test:demo-password').toString('base64');
      const result = await autocannon({
        url: `${server.baseUrl}/api/login`,
        method: 'POST',
        headers: { authorization: `Basic ${credentials}` },
        connections: CONNECTIONS,
        duration: DURATION_S,
      });
      const failed = result.non2xx + result.errors + result.timeouts;
      return [
        {
          bench: 'login',
          measure: `POST /api/login, ${CONNECTIONS} connections, ${DURATION_S} s`,
          value: `${result.requests.average.toFixed(1)} req/s`,
          ok: failed === 0,
          note: `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${result.requests.total} logins, ${failed} failed; argon2id dominates`,
        },
      ];
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
