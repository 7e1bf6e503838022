import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { INT_MAX } from '../../contract/fields';
import { PickingMutation } from '../../contract/mutations/picking';
import { appSuite } from './app-suite';
import { describeEachDialect, requester } from './helpers';

/**
 * Input PostgreSQL would refuse with an error (NUL in text, integers beyond 32 bits) is refused
 * by the contract first: the same 400 (or, on the outbox, the same invalid_args rejection) on
 * both databases, and the device's outbox moves on.
 */
describeEachDialect('input bounds', (dialect) => {
  const s = appSuite(dialect, { picker: 'picker@demo.test', admin: 'admin@demo.test' });

  const call = requester(() => s.t);

  it('answers 400 to ids beyond 32 bits and to empty ids, in query strings and bodies', async () => {
    for (const bad of [String(INT_MAX + 1), '99999999999999999999', '', '0', '1e3', 'abc']) {
      expect((await call('GET', `/api/v1/order?order_id=${bad}`, s.picker)).statusCode, bad).toBe(
        400,
      );
      expect((await call('DELETE', `/api/user?user_id=${bad}`, s.admin)).statusCode, bad).toBe(400);
    }
    const res = await call('POST', '/api/v1/issue', s.picker, {
      order_id: INT_MAX + 1,
      manager_id: 1,
      note: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', `/api/v1/order?order_id=${INT_MAX}`, s.picker)).statusCode).toBe(404);
  });

  it('answers 400 to a NUL character in any text', async () => {
    const issue = await call('POST', '/api/v1/issue', s.picker, {
      note: 'bin\u0000',
      manager_id: 1,
    });
    expect(issue.statusCode).toBe(400);
    expect(issue.json().errors[0].detail).toMatch(/NUL/);
    const invite = await call('POST', '/api/user', s.admin, { user_email: 'a\u0000@demo.test' });
    expect(invite.statusCode).toBe(400);
    const items = await call('GET', '/api/v1/item?mold_name=%00', s.picker);
    expect([400, 403]).toContain(items.statusCode);
  });

  it('rejects an outbox issue note with NUL as invalid_args, and goes on with the next', async () => {
    const device = `bounds-${randomUUID()}`;
    const push = (mutations: object[]) =>
      call('POST', '/api/v1/sync/push', s.picker, { device_id: device, mutations });
    const bad = {
      id: randomUUID(),
      seq: 1,
      name: PickingMutation.issue,
      args: { note: 'a\u0000', manager_id: 1 },
    };
    const good = {
      id: randomUUID(),
      seq: 2,
      name: PickingMutation.issue,
      args: { note: 'ok', manager_id: 1 },
    };
    const res = await push([bad, good]);
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().results;
    expect(first).toMatchObject({ status: 'rejected', code: 'invalid_args' });
    expect(second).toMatchObject({ status: 'applied' });
    // Sent again (a retry), the answer is the same and final.
    const again = await push([bad]);
    expect(again.json().results[0]).toMatchObject({ status: 'rejected', code: 'invalid_args' });
  });

  it('answers 400 to a push with seq beyond 32 bits or NUL in the device id', async () => {
    const mutation = {
      id: randomUUID(),
      name: PickingMutation.issue,
      args: { note: 'x', manager_id: 1 },
    };
    const bigSeq = await call('POST', '/api/v1/sync/push', s.picker, {
      device_id: `bounds-${randomUUID()}`,
      mutations: [{ ...mutation, seq: INT_MAX + 1 }],
    });
    expect(bigSeq.statusCode).toBe(400);
    const nulDevice = await call('POST', '/api/v1/sync/push', s.picker, {
      device_id: 'device\u0000x',
      mutations: [{ ...mutation, seq: 1 }],
    });
    expect(nulDevice.statusCode).toBe(400);
  });
});
