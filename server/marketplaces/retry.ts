/**
 * Respectful retrying shared by both clients. A call is retried only when the marketplace refused it
 * without acting on it (429, connection refused) — or, for idempotent calls (GET, DELETE), also on a
 * 5xx or a broken connection. Creating a lot or changing a quantity by a delta is never repeated
 * after a 5xx: the marketplace may have done it, and a second try would upload the lot twice.
 */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails with the wait in the error. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Exponential backoff with full jitter: a random wait up to base·2^n, capped. */
export function backoffMs(policy: RetryPolicy, attempt: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export function isTransientStatus(status: number): boolean {
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/** A fetch failure where the request surely never reached the server. */
export function neverSent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code === 'ECONNREFUSED';
}

/** What one try's answer held: the value, or a refusal with its status. */
export type Answer<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; error(retryable: boolean, waitMs?: number): Error };

/**
 * The retry loop both clients run: `admit` waits for (or refuses with) the call's limits and
 * counts the try, `send` makes it (signing included), `read` turns its response into a value or a refusal. A connection that fails is tried again
 * when nothing was sent or the call is idempotent, else it is `unreachable`; a refusal is tried
 * again on 429, or on a transient status when the call is idempotent, waiting Retry-After (up to
 * the policy's longest) or a backoff.
 */
export async function withRetry<T>(call: {
  policy: RetryPolicy;
  idempotent: boolean;
  /** Before each try, outside the connection's error handling: a refusal here is thrown as is. */
  admit(): void | Promise<void>;
  send(): Promise<Response>;
  read(response: Response): Promise<Answer<T>>;
  unreachable(error: unknown): Error;
}): Promise<T> {
  const { policy } = call;
  for (let attempt = 0; ; attempt++) {
    await call.admit();
    const last = attempt + 1 >= policy.attempts;
    let response: Response;
    try {
      response = await call.send();
    } catch (error) {
      if (!last && (call.idempotent || neverSent(error))) {
        await sleep(backoffMs(policy, attempt));
        continue;
      }
      throw call.unreachable(error);
    }
    const answer = await call.read(response);
    if (answer.ok) return answer.value;
    const wait = retryAfterMs(response.headers.get('retry-after'));
    const retryable =
      answer.status === 429 || (call.idempotent && isTransientStatus(answer.status));
    const error = answer.error(retryable, wait);
    if (!retryable || last || (wait !== undefined && wait > policy.maxRetryAfterMs)) throw error;
    await sleep(wait ?? backoffMs(policy, attempt));
  }
}
