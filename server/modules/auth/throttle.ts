import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A counter in login_failures: at most `max` events per fixed window of `windowSeconds`. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

const WINDOW = 15 * 60;

/**
 * Sign-in attempts allowed in 15 minutes. Each counts before its password is checked and stays
 * counted only when it failed, so a counter holds the failures plus the attempts in flight:
 * - pair: one account from one client address (5). Wrong passwords slow down that address only, so
 *   nobody can lock an account for its owner by guessing at it from elsewhere;
 * - ip: one client address over all accounts (30);
 * - account: one account from all addresses (50), the ceiling that still stops guessing spread
 *   over many addresses (at least 10 of them at the pair limit).
 */
export const loginLimits = (
  email: string,
  ip: string,
): { pair: Limit; ip: Limit; account: Limit } => ({
  pair: { key: `${pairPrefix(email)}${ip}`, max: 5, windowSeconds: WINDOW },
  ip: { key: `login:ip:${ip}`, max: 30, windowSeconds: WINDOW },
  account: { key: `login:account:${email}`, max: 50, windowSeconds: WINDOW },
});

/** The start of every (account, address) key of one account. */
export const pairPrefix = (email: string): string => `login:pair:${email}|`;

/** Reset e-mails sent per address in an hour (further requests get the same answer, no mail). */
export const resetMailLimit = (email: string): Limit => ({
  key: `reset:${email}`,
  max: 5,
  windowSeconds: 60 * 60,
});

export interface Counted {
  /** The count including this event, as the statement left it (concurrent callers see distinct counts). */
  count: number;
  /** Seconds until this window ends (at least 1). */
  opensIn: number;
}

/**
 * Counts one event in one statement on both dialects (the server keeps no memory of its own, so
 * several instances share the counters): a window that has passed starts again at 1.
 */
export async function countEvent(
  db: Kysely<Database>,
  limit: Limit,
  now = Date.now(),
): Promise<Counted> {
  const nowIso = new Date(now).toISOString();
  const cutoff = new Date(now - limit.windowSeconds * 1000).toISOString();
  const expired = sql<boolean>`login_failures.window_start <= ${cutoff}`;
  const row = await db
    .insertInto('login_failures')
    .values({ key: limit.key, count: 1, window_start: nowIso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else login_failures.count + 1 end`,
        window_start: sql<string>`case when ${expired} then ${nowIso} else login_failures.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.02) {
    // Now and then forget counters that have been idle for a day.
    const stale = new Date(now - 24 * 3600 * 1000).toISOString();
    await db.deleteFrom('login_failures').where('window_start', '<', stale).execute();
  }
  const opensAt = Date.parse(row.window_start) + limit.windowSeconds * 1000;
  return { count: row.count, opensIn: Math.max(1, Math.ceil((opensAt - now) / 1000)) };
}

/** Takes back one counted event (an attempt that turned out not to be a failure). */
export async function uncountEvent(db: Kysely<Database>, limit: Limit): Promise<void> {
  await db
    .updateTable('login_failures')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', limit.key)
    .where('count', '>', 0)
    .execute();
}

export async function clearEvents(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** Forgets every counter whose key starts with `prefix` (compared exactly: no LIKE wildcards). */
export async function clearEventsStartingWith(db: Kysely<Database>, prefix: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where(sql`substr(key, 1, ${prefix.length})`, '=', prefix)
    .execute();
}
