/** The parts of an `Authorization: Basic base64(email:password)` header. */
export type BasicCredentials =
  { ok: true; email: string; password: string } | { ok: false; reason: 'missing' | 'malformed' };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Reads Basic credentials without ever throwing: a missing header, another scheme, text that is not
 * base64 or a decoded value without a colon are reported as such (the route answers 400).
 */
export function basicCredentialsFrom(header: string | undefined): BasicCredentials {
  if (!header || !header.trim()) return { ok: false, reason: 'missing' };
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match || match[1].toLowerCase() !== 'basic') return { ok: false, reason: 'malformed' };
  const encoded = match[2];
  if (!BASE64.test(encoded) || encoded.length % 4 === 1) return { ok: false, reason: 'malformed' };
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // A NUL can be in no stored address or password, and PostgreSQL refuses it in text.
  if (colon < 0 || decoded.includes('\u0000')) return { ok: false, reason: 'malformed' };
  return { ok: true, email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** E-mail addresses are stored and compared lowercased and trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
