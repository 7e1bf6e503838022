// A refresh whose answer is lost on the way back (flaky Wi-Fi): the server rotated the refresh
// token, the phone never heard and still holds the old one. Presenting it again (at any time within
// its lifetime) must hand out the same successor instead of signing the picker out; only once the
// successor has been used does the old token count as stolen and end the whole session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxiedServer } from '../support/proxied-server';
import { signIn } from '../support/server-process';

const s = proxiedServer('refresh');
beforeAll(() => s.start(), 90_000);
afterAll(() => s.stop());

const refresh = (token: string) =>
  fetch(`${s.proxy.url}/api/login/refresh`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });

/** Status of an ordinary floor read with this access token. */
const readWith = async (accessToken: string) =>
  (
    await fetch(`${s.proxy.url}/api/v1/sync/pull?collection=orders&cursor=0&limit=1`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).status;

describe('a lost refresh answer', () => {
  it('gets the same successor again, until the successor is used', async () => {
    const first = await signIn(s.server.url, 'picker@demo.test');

    // The server rotates, the answer never arrives.
    await s.proxy.setMode({ dropAfter: 1 });
    await expect(refresh(first.refresh_token)).rejects.toThrow();
    expect(s.proxy.stats.droppedAfter).toBe(1);

    // Back online: the old token again gets the successor the lost answer carried, twice over.
    await s.proxy.setMode('pass');
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(200);
    const successor = (await again.json()) as { access_token: string; refresh_token: string };
    expect(successor.refresh_token).not.toBe(first.refresh_token);
    const third = await refresh(first.refresh_token);
    expect(third.status).toBe(200);
    expect(((await third.json()) as { refresh_token: string }).refresh_token).toBe(
      successor.refresh_token,
    );
    expect(await readWith(successor.access_token)).toBe(200);

    // The successor is used: the session goes on with the next token ...
    const next = await refresh(successor.refresh_token);
    expect(next.status).toBe(200);
    const latest = (await next.json()) as { access_token: string; refresh_token: string };

    // ... and the old token presented now is a replay: the whole session ends.
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await refresh(latest.refresh_token)).status).toBe(401);
  });
});
