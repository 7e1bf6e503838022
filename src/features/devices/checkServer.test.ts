import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkServer } from './checks';

/** The server's answers, each taking the given milliseconds on the page's clock. */
function answersTaking(...durations: number[]) {
  let clock = 0;
  const pending = [...durations];
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  const fetch = vi.fn(async () => {
    clock += pending.shift() ?? 0;
    return new Response(JSON.stringify({ secure: true, httpsUrl: null }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the server check', () => {
  it('asks once when the answer is quick', async () => {
    const fetch = answersTaking(120);
    const { result } = await checkServer();
    expect(result).toEqual({ state: 'pass', text: 'The server answered in 120 ms.' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks again after a slow answer, and the fastest counts', async () => {
    const fetch = answersTaking(2900, 150);
    const { result } = await checkServer();
    expect(result).toEqual({ state: 'pass', text: 'The server answered in 150 ms.' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says the Wi-Fi is slow when three answers in a row are', async () => {
    const fetch = answersTaking(2500, 3100, 2200);
    const { result } = await checkServer();
    expect(result).toEqual({
      state: 'fail',
      text: 'The server answered in 2200 ms.',
      todo: 'The Wi-Fi is slow here: work goes on, and is sent later.',
    });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
