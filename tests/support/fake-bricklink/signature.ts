import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { BrickLinkCredentials } from '../../../server/marketplaces/bricklink/client';
import { Refusal } from './refusal';

/**
 * The fake BrickLink's OAuth 1.0a check, written from RFC 5849 (its own base string and HMAC-SHA1
 * over node:crypto, independent of the client's signing library).
 */

/** RFC 3986 percent-encoding as OAuth 1.0a wants it (unreserved characters only stay as they are). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function parseAuthorization(header: string | undefined): Map<string, string> {
  if (!header || !/^OAuth\s/i.test(header)) {
    throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'INVALID_AUTHORIZATION_HEADER');
  }
  const params = new Map<string, string>();
  for (const m of header.slice(6).matchAll(/([A-Za-z0-9_]+)="([^"]*)"/g)) {
    params.set(decodeURIComponent(m[1]), decodeURIComponent(m[2]));
  }
  return params;
}

/** The signature base string of RFC 5849 section 3.4.1 (query and oauth_* parameters; no JSON body). */
export function signatureBaseString(
  method: string,
  baseUri: string,
  query: URLSearchParams,
  oauth: Map<string, string>,
): string {
  const pairs: [string, string][] = [];
  for (const [k, v] of query) pairs.push([rfc3986(k), rfc3986(v)]);
  for (const [k, v] of oauth)
    if (k !== 'oauth_signature' && k !== 'realm') pairs.push([rfc3986(k), rfc3986(v)]);
  pairs.sort(([ak, av], [bk, bv]) =>
    ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1,
  );
  const normalized = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  return [method.toUpperCase(), rfc3986(baseUri), rfc3986(normalized)].join('&');
}

/**
 * Checks a request's Authorization header against the store's credentials: keys, method, version,
 * a timestamp within five minutes, the HMAC-SHA1 signature and a nonce not seen before (which it
 * then remembers in `nonces`). Throws a Refusal naming what was wrong.
 */
export function verifySignature(
  req: IncomingMessage,
  url: URL,
  c: BrickLinkCredentials,
  nonces: Set<string>,
): void {
  const oauth = parseAuthorization(req.headers.authorization);
  if (oauth.get('oauth_consumer_key') !== c.consumerKey)
    throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'CONSUMER_KEY_UNKNOWN');
  if (oauth.get('oauth_token') !== c.tokenValue)
    throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'TOKEN_VALUE_UNKNOWN');
  if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1')
    throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'SIGNATURE_METHOD_UNSUPPORTED');
  if ((oauth.get('oauth_version') ?? '1.0') !== '1.0')
    throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'VERSION_UNSUPPORTED');
  const timestamp = Number(oauth.get('oauth_timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
    throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'TIMESTAMP_REFUSED');
  }
  const base = signatureBaseString(
    req.method ?? 'GET',
    `http://${req.headers.host}${url.pathname}`,
    url.searchParams,
    oauth,
  );
  const key = `${rfc3986(c.consumerSecret)}&${rfc3986(c.tokenSecret)}`;
  const expected = createHmac('sha1', key).update(base).digest();
  const given = Buffer.from(oauth.get('oauth_signature') ?? '', 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'SIGNATURE_INVALID');
  }
  const nonce = `${timestamp}:${oauth.get('oauth_nonce') ?? ''}`;
  if (!oauth.get('oauth_nonce') || nonces.has(nonce))
    throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'NONCE_USED');
  nonces.add(nonce);
}
