import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { answering, failureOf, unanswered } from '../test/failedCalls';
import { isUnreachable } from './errors';

describe('isUnreachable: no answer at all, as opposed to an error answer', () => {
  it('is true when the network fails or the call times out', async () => {
    expect(isUnreachable(await failureOf(unanswered().get('http://x/a')))).toBe(true);
    const slow = ky.create({
      retry: 0,
      timeout: 10,
      fetch: () => new Promise<Response>(() => {}),
    });
    expect(isUnreachable(await failureOf(slow.get('http://x/a')))).toBe(true);
    expect(isUnreachable(new DOMException('late', 'TimeoutError'))).toBe(true);
  });

  it('is false for an answer with an error status and for other failures', async () => {
    const refusing = answering(503, 'Service Unavailable', '{}');
    expect(isUnreachable(await failureOf(refusing.get('http://x/a')))).toBe(false);
    expect(isUnreachable(new Error('bug'))).toBe(false);
    expect(isUnreachable('text')).toBe(false);
  });
});
