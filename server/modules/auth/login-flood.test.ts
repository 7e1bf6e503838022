import { expect, it } from 'vitest';
import { AuthMessages } from '../../../contract/auth';
import { DEMO_PASSWORD } from '../../seed';
import { appSuite } from '../../test/app-suite';
import { basic, createTestApp, describeEachDialect } from '../../test/helpers';
import { BUSY_RETRY_SECONDS, passwordCheckQueue } from './login';

describeEachDialect('sign-ins under load and across servers', (dialect) => {
  const s = appSuite(dialect);

  it('sheds the sign-ins beyond the password-check queue with 503 and Retry-After', async () => {
    const queue = passwordCheckQueue();
    const n = Math.max(400, queue.concurrency + queue.maxWaiting + 100);
    // Every attempt from its own address at its own account: no rate limit is involved.
    const logins = Array.from({ length: n }, (_, i) =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { authorization: basic(`flood${i}@nowhere.test`, 'wrong-password') },
        remoteAddress: `10.9.${i >> 8}.${i & 255}`,
      }),
    );
    const health = s.t.app.inject({ method: 'GET', url: '/api/health' });
    const answers = await Promise.all(logins);
    expect((await health).statusCode).toBe(200);

    const shed = answers.filter((r) => r.statusCode === 503);
    const checked = answers.filter((r) => r.statusCode === 401);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed.length + checked.length).toBe(n);
    for (const res of shed) {
      expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_SECONDS));
      expect(res.json().errors[0].detail).toBe(AuthMessages.busy);
    }
    // A shed attempt was never counted: only the checked ones left a failure behind.
    const counted = await s.t.app.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', 'like', 'login:ip:10.9.%')
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(checked.length);
  });

  // Several servers share one database on PostgreSQL only (two SQLite connections in one process
  // cannot take turns). Defined for PostgreSQL only, so the SQLite run reports no skipped check.
  const onPostgres = dialect === 'postgres' ? it : () => {};
  onPostgres(
    'holds the limits and the refresh rule across two servers on one database',
    async () => {
      const second = await createTestApp(dialect, {
        databaseUrl: s.t.config.databaseUrl,
        jwtSecret: s.t.config.jwtSecret,
        seedDemo: false,
      });
      try {
        const apps = [s.t.app, second.app];
        const guesses = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            apps[i % 2].inject({
              method: 'POST',
              url: '/api/login',
              headers: { authorization: basic('picker@demo.test', `wrong-${i}`) },
              remoteAddress: '10.8.0.1',
            }),
          ),
        );
        expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(5);

        const signedIn = await second.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { authorization: basic('picker@demo.test', DEMO_PASSWORD) },
          remoteAddress: '10.8.0.2',
        });
        expect(signedIn.statusCode).toBe(200);
        const refreshes = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            apps[i % 2].inject({
              method: 'POST',
              url: '/api/login/refresh',
              headers: { authorization: `Bearer ${signedIn.json().refresh_token}` },
            }),
          ),
        );
        expect(refreshes.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
        expect(new Set(refreshes.map((r) => r.json().refresh_token)).size).toBe(1);
      } finally {
        await second.close();
      }
    },
  );
});
