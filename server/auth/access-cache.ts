import type { SessionUser, VerifiedAccess } from './tokens';

/**
 * What the server knows about a bearer token for a short while, so a burst of requests with one
 * token (a device pushing and pulling, a screen loading its lists) pays for the signature check
 * and the permission read once instead of on every request.
 *
 * - A verified token stays verified until it expires (the signature cannot change).
 * - The caller's current permissions (and that the token's generation is still the user's) are
 *   kept for ACCESS_RECHECK_MS, then read again.
 * - Any change of permissions, token generations or users made through this server forgets
 *   everything at once (`forgetAccess`), so it holds from this server's next request; another
 *   server sharing the database sees it within ACCESS_RECHECK_MS.
 * - At most ACCESS_CACHE_MAX tokens are kept; the least recently used go first.
 */
export const ACCESS_RECHECK_MS = 1000;
export const ACCESS_CACHE_MAX = 5000;

interface Entry {
  claimed: VerifiedAccess;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
  /** The current permissions, or null when the token no longer admits anyone. */
  user?: SessionUser | null;
  checkedAt: number;
  epoch: number;
}

/** Bumped by every change that can alter what a token admits (in any app of this process). */
let epoch = 0;

/** Call after a change of permissions, token generations or users (see AccessCache). */
export function forgetAccess(): void {
  epoch++;
}

export class AccessCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly max = ACCESS_CACHE_MAX,
    private readonly recheckMs = ACCESS_RECHECK_MS,
  ) {}

  /** The verified claims of `token` if known and not expired. */
  verified(token: string, now = Date.now()): Entry | undefined {
    const e = this.entries.get(token);
    if (!e) return undefined;
    if (now >= e.expiresAt) {
      this.entries.delete(token);
      return undefined;
    }
    // Least recently used order: a hit moves to the end.
    this.entries.delete(token);
    this.entries.set(token, e);
    return e;
  }

  /** The cached answer of the permission check, when still fresh. */
  current(e: Entry, now = Date.now()): SessionUser | null | undefined {
    if (e.user === undefined || e.epoch !== epoch || now - e.checkedAt >= this.recheckMs) {
      return undefined;
    }
    return e.user;
  }

  remember(
    token: string,
    claimed: VerifiedAccess,
    expiresAt: number,
    user: SessionUser | null,
    checkEpoch: number,
    now = Date.now(),
  ): void {
    this.entries.delete(token);
    this.entries.set(token, { claimed, expiresAt, user, checkedAt: now, epoch: checkEpoch });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The epoch to record with a permission read that starts now. */
  static epoch(): number {
    return epoch;
  }
}
