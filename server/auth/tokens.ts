import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** user id */
  sub: number;
  /** company id */
  cid: number;
  /** numeric permissions the user holds (already limited to what the company holds) */
  permissions: number[];
}

export interface SessionUser {
  id: number;
  companyId: number;
  permissions: number[];
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({ cid: claims.cid, permissions: claims.permissions })
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
): Promise<SessionUser | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    });
    const id = Number(payload.sub);
    const companyId = Number(payload.cid);
    const permissions = payload.permissions;
    if (!Number.isInteger(id) || !Number.isInteger(companyId) || !Array.isArray(permissions)) {
      return null;
    }
    return { id, companyId, permissions: permissions.filter((p) => Number.isInteger(p)) };
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
