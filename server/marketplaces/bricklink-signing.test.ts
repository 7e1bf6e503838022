import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FakeBrickLink,
  rfc3986,
  signatureBaseString,
  startFakeBrickLink,
} from '../../tests/support/fake-bricklink';

let fake: FakeBrickLink;
beforeEach(async () => {
  fake = await startFakeBrickLink();
});
afterEach(() => fake.close());

/** Signs like the client does, but lets a test choose the timestamp and replay a header. */
function sign(url: string, timestamp?: number): Record<string, string> {
  const c = fake.credentials;
  const oauth = new OAuth({
    consumer: { key: c.consumerKey, secret: c.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  if (timestamp !== undefined) oauth.getTimeStamp = () => timestamp;
  const token = { key: c.tokenValue, secret: c.tokenSecret };
  return {
    Authorization: oauth.toHeader(oauth.authorize({ url, method: 'GET' }, token)).Authorization,
  };
}

describe('the fake BrickLink checks OAuth 1.0a on its own', () => {
  it('builds the base string and HMAC-SHA1 of the RFC 5849 example', () => {
    const oauth = new Map([
      ['realm', 'Photos'],
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131202'],
      ['oauth_nonce', 'chapoH'],
    ]);
    const query = new URLSearchParams('file=vacation.jpg&size=original');
    const base = signatureBaseString('GET', 'http://photos.example.net/photos', query, oauth);
    expect(base).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DchapoH%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131202%26oauth_token%3Dnnch734d00sl2jdk%26size%3Doriginal',
    );
    const key = `${rfc3986('kd94hf93k423kf44')}&${rfc3986('pfkkdhi9sl3r4s00')}`;
    expect(createHmac('sha1', key).update(base).digest('base64')).toBe(
      'MdpQcU8iPSUjWoN/UDMsK2sui9I=',
    );
  });

  it('refuses a replayed nonce, a stale timestamp and a missing header with BrickLink’s envelope', async () => {
    const url = `${fake.url}/inventories`;
    const headers = sign(url);
    expect((await fetch(url, { headers })).status).toBe(200);
    const replay = await fetch(url, { headers });
    // As BrickLink does: HTTP 200, the refusal in meta.code, no data.
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({
      meta: { description: 'NONCE_USED', message: 'BAD_OAUTH_REQUEST', code: 401 },
    });
    const stale = await fetch(url, { headers: sign(url, Math.floor(Date.now() / 1000) - 3600) });
    expect((await stale.json()).meta.description).toBe('TIMESTAMP_REFUSED');
    const bare = await fetch(url);
    expect((await bare.json()).meta).toMatchObject({ message: 'BAD_OAUTH_REQUEST', code: 401 });
    expect(fake.calls).toBe(1);
  });

  it('refuses a signature made for another path or query', async () => {
    const headers = sign(`${fake.url}/inventories?item_type=PART`);
    const response = await fetch(`${fake.url}/inventories?item_type=SET`, { headers });
    expect((await response.json()).meta.description).toBe('SIGNATURE_INVALID');
  });
});
