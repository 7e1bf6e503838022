import { describe, expect, it } from 'vitest';
import { readPushResponse } from './sync-answers';
import { PushResponse } from './sync';

const id = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

/** Push answers a device may get, good and bad. */
const bodies: unknown[] = [
  { results: [], last_seq: -1 },
  { results: [{ id, status: 'applied' }], last_seq: 4 },
  {
    results: [
      { id, status: 'applied', extra: 1 },
      { id: 'x', status: 'failed', code: 'server_error', message: 'boom' },
      { id: 'y', status: 'rejected', code: 'stock_insufficient', message: 'Not enough.' },
    ],
    last_seq: 7,
    extra: true,
  },
  null,
  'text',
  [],
  {},
  { results: [] },
  { results: [], last_seq: 1.5 },
  { results: [], last_seq: '3' },
  { results: {}, last_seq: 1 },
  { results: [null], last_seq: 1 },
  { results: [{ id, status: 'done' }], last_seq: 1 },
  { results: [{ status: 'applied' }], last_seq: 1 },
  { results: [{ id: 5, status: 'applied' }], last_seq: 1 },
  { results: [{ id, status: 'rejected', code: 'x' }], last_seq: 1 },
  { results: [{ id, status: 'failed', message: 'm' }], last_seq: 1 },
  { results: [{ id, status: 'rejected', code: 1, message: 'm' }], last_seq: 1 },
];

describe('the push answer as the device reads it', () => {
  it.each(bodies.map((body) => [JSON.stringify(body), body]))(
    'agrees with the contract on %s',
    (_, body) => {
      const zod = PushResponse.safeParse(body);
      expect(readPushResponse(body)).toEqual(zod.success ? zod.data : undefined);
    },
  );
});
