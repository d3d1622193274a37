// Which failures say the database is away, rather than that a request or our code is wrong: the error handler
// answers them 503 with Retry-After, as readiness does, instead of a 500 (decision 050). Both dialects'
// codes are known here, so nothing above db/ needs to.

/** Node's socket errors on the way to PostgreSQL: nobody listens, the line dropped, no route, no name yet. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs beside class 08 (connection exception): shut down by an administrator or a crash, still starting,
 * out of connections, out of disk.
 */
const POSTGRES_CODES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300', '53100']);
/** SQLSTATE class 08: the connection could not be made, was refused, or broke. */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

/** What pg and pg-pool throw, with no code, when a connection drops or cannot be had in time. */
const POSTGRES_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
];

/**
 * SQLite, by better-sqlite3's code (extended codes included): still locked once the busy timeout has passed,
 * the file cannot be opened, the disk fails or is full.
 */
const SQLITE_CODES = /^SQLITE_(BUSY|CANTOPEN|IOERR|FULL)(_|$)/;

/** Causes looked through: a wrapped error (`{ cause }`) or every attempt of an AggregateError. */
const MAX_CAUSE_DEPTH = 4;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_CAUSE_DEPTH) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (SOCKET_CODES.has(code) || POSTGRES_CODES.has(code) || CONNECTION_EXCEPTION.test(code)) return true;
  if (SQLITE_CODES.test(code) || POSTGRES_MESSAGES.some((pattern) => pattern.test(error.message)))
    return true;
  if (error instanceof AggregateError) {
    return error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}
