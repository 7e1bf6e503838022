import { expect, it } from 'vitest';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect } from '../../test/helpers';

describeEachDialect('health and API fallbacks', (dialect) => {
  const s = appSuite(dialect);

  it('answers /api/health with the database in use', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('answers an unknown /api route with a JSON 404, never HTML', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().errors[0].detail).toContain('/api/no/such/route');
  });

  it('serves OpenAPI docs', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});
