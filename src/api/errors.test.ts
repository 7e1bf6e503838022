import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { isUnreachable } from './errors';

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
}

describe('isUnreachable: no answer at all, as opposed to an error answer', () => {
  it('is true when the network fails or the call times out', async () => {
    const offline = ky.create({
      retry: 0,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(isUnreachable(await failureOf(offline.get('http://x/a')))).toBe(true);
    const slow = ky.create({
      retry: 0,
      timeout: 10,
      fetch: () => new Promise<Response>(() => {}),
    });
    expect(isUnreachable(await failureOf(slow.get('http://x/a')))).toBe(true);
    expect(isUnreachable(new DOMException('late', 'TimeoutError'))).toBe(true);
  });

  it('is false for an answer with an error status and for other failures', async () => {
    const refusing = ky.create({
      retry: 0,
      fetch: async () => new Response('{}', { status: 503 }),
    });
    expect(isUnreachable(await failureOf(refusing.get('http://x/a')))).toBe(false);
    expect(isUnreachable(new Error('bug'))).toBe(false);
    expect(isUnreachable('text')).toBe(false);
  });
});
