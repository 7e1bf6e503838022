import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A counter in login_failures: at most `max` events per fixed window of `windowSeconds`. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

const WINDOW = 15 * 60;

/** Failed sign-ins allowed per account and per client address in 15 minutes. */
export const loginLimits = (email: string, ip: string): { account: Limit; ip: Limit } => ({
  account: { key: `login:account:${email}`, max: 5, windowSeconds: WINDOW },
  ip: { key: `login:ip:${ip}`, max: 30, windowSeconds: WINDOW },
});

/** Reset e-mails sent per address in an hour (further requests get the same answer, no mail). */
export const resetMailLimit = (email: string): Limit => ({
  key: `reset:${email}`,
  max: 5,
  windowSeconds: 60 * 60,
});

/** Seconds until the first exhausted limit opens again, or null when none is exhausted. */
export async function retryAfter(
  db: Kysely<Database>,
  limits: Limit[],
  now = Date.now(),
): Promise<number | null> {
  const rows = await db
    .selectFrom('login_failures')
    .selectAll()
    .where(
      'key',
      'in',
      limits.map((l) => l.key),
    )
    .execute();
  let wait: number | null = null;
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key)!;
    const opensAt = Date.parse(row.window_start) + limit.windowSeconds * 1000;
    if (opensAt > now && row.count >= limit.max) {
      const seconds = Math.ceil((opensAt - now) / 1000);
      wait = Math.max(wait ?? 0, seconds);
    }
  }
  return wait;
}

/**
 * Counts one event in one statement on both dialects (the server keeps no memory of its own, so
 * several instances share the counters): a window that has passed starts again at 1. Returns the
 * count including this event, as the statement left it (so concurrent callers see distinct counts).
 */
export async function countEvent(
  db: Kysely<Database>,
  limit: Limit,
  now = Date.now(),
): Promise<number> {
  const nowIso = new Date(now).toISOString();
  const cutoff = new Date(now - limit.windowSeconds * 1000).toISOString();
  const expired = sql<boolean>`login_failures.window_start <= ${cutoff}`;
  const { count } = await db
    .insertInto('login_failures')
    .values({ key: limit.key, count: 1, window_start: nowIso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else login_failures.count + 1 end`,
        window_start: sql<string>`case when ${expired} then ${nowIso} else login_failures.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.02) {
    // Now and then forget counters that have been idle for a day.
    const stale = new Date(now - 24 * 3600 * 1000).toISOString();
    await db.deleteFrom('login_failures').where('window_start', '<', stale).execute();
  }
  return count;
}

export async function clearEvents(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
