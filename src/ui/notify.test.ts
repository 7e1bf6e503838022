import { describe, expect, it } from 'vitest';
import { answering, failureOf, unanswered } from '../test/failedCalls';
import { describeApiError, OFFLINE_MESSAGE } from './notify';

describe('describeApiError', () => {
  it('shows one detail with the status line', async () => {
    const error = await failureOf(
      answering(409, 'Conflict', '{"errors":[{"detail":"Taken."}]}').get('http://x/a'),
    );
    expect(await describeApiError(error)).toBe('Error: Taken.\n(Status: 409 Conflict)');
  });

  it('lists several details with dashes and falls back to the status name', async () => {
    const body = '{"errors":[{"detail":"One"},{"detail":"Two"}]}';
    const error = await failureOf(answering(400, '', body).get('http://x/a'));
    expect(await describeApiError(error)).toBe('Error: - One\n- Two\n(Status: 400 Bad Request)');
  });

  it('shows a body that is not an error list as it is', async () => {
    const error = await failureOf(answering(502, 'Bad Gateway', 'upstream down').get('http://x/a'));
    expect(await describeApiError(error)).toBe('Error: upstream down\n(Status: 502 Bad Gateway)');
  });

  it('says plainly when the server cannot be reached', async () => {
    const error = await failureOf(unanswered().get('http://x/a'));
    expect(await describeApiError(error)).toBe(OFFLINE_MESSAGE);
  });
});
