import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** user id */
  sub: number;
  /** company id */
  cid: number;
  /** numeric permissions the user holds (already limited to what the company holds) */
  permissions: number[];
  /** the user's token generation when issued (0 if left out); a logout or new password ends it */
  gen?: number;
}

export interface SessionUser {
  id: number;
  companyId: number;
  permissions: number[];
}

/** What a valid access token says: the user and the token generation it was issued under. */
export interface VerifiedAccess extends SessionUser {
  generation: number;
  /** When the token expires (ms since the epoch; Infinity without an expiry). */
  expiresAt: number;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({
    cid: claims.cid,
    permissions: claims.permissions,
    gen: claims.gen ?? 0,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(secret));
  return { token, expiresAt };
}

export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<VerifiedAccess | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    });
    const id = Number(payload.sub);
    const companyId = Number(payload.cid);
    const permissions = payload.permissions;
    // Tokens issued before generations existed count as generation 0.
    const generation = payload.gen ?? 0;
    if (
      !Number.isInteger(id) ||
      !Number.isInteger(companyId) ||
      !Array.isArray(permissions) ||
      !Number.isInteger(generation)
    ) {
      return null;
    }
    return {
      id,
      companyId,
      permissions: permissions.filter((p) => Number.isInteger(p)),
      generation: generation as number,
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity,
    };
  } catch {
    return null;
  }
}

/** An opaque random token (refresh, reset, invite) and the hash we store instead of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Reads `Bearer <token>` from an Authorization header. */
export function bearerFrom(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match || match[1].toLowerCase() !== 'bearer') return null;
  return match[2];
}
