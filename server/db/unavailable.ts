/**
 * Errors that say the database cannot be reached right now (PostgreSQL restarting, a network blip
 * between the server and the database, SQLite locked beyond its busy timeout), as opposed to a
 * fault of ours. Requests that meet one are answered 503 with Retry-After, so clients (the
 * devices' outbox above all) wait and try again instead of counting a server fault.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // SQLite: another writer held the database longer than the busy timeout.
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

/** PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention). */
const PG_STATES = /^(08|57P0[1-3]|53300)/;

const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Cannot use a pool after calling end/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_STATES.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((re) => re.test(message))) return true;
    e = cause;
  }
  return false;
}
