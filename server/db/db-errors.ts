// What a database error means for the caller, and how to write it down without leaking what it
// carried. Query errors arrive wrapped (drizzle's "Failed query: ... params: ..." holds the values
// of the statement, such as a phone number or a password hash), so logs never take the message of
// a wrapper: only codes, the constraint name and the SQL text with its placeholders.

/** The fields of a PostgreSQL (or node socket) error that say what went wrong and carry no values. */
interface DbErrorFacts {
  /** SQLSTATE (`23505`) or a socket error code (`ECONNREFUSED`). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  /** The SQL text with `$1` placeholders, never the parameters. */
  query?: string;
  /** The innermost error's class name. */
  name: string;
  /** A message only when it is known to hold no values (fixed texts of pg and node). */
  message?: string;
}

/** Messages pg uses for a connection that is gone or never came; none carry user data. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^terminating connection due to administrator command$/,
  /^the database system is (starting up|shutting down|in recovery mode)$/,
  /^database "[^"]*" is not currently accepting connections$/,
];

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs that mean "the database cannot serve this now", not "this request is wrong":
 * class 08 (connection exception), 57P01-57P03 (shut down, crashed, not accepting connections),
 * 53300 (too many connections), 57014 (statement timeout), 55P03 (lock timeout),
 * 25P03 (idle-in-transaction timeout).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014', '55P03', '25P03'].includes(code);
}

function* chain(err: unknown): Generator<Record<string, unknown>> {
  let cur: unknown = err;
  for (let i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    yield cur as Record<string, unknown>;
    cur = (cur as { cause?: unknown }).cause;
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * True when the error means the database is unreachable or overloaded: the request answers 503.
 * Only errors that came from the database count: a SQLSTATE, one of pg's connection messages, or
 * a socket error under a query (drizzle wraps every failed query with its SQL). A socket error of
 * anything else (a client dropping an upload, an SMS provider) is not a database outage.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let underQuery = false;
  for (const e of chain(err)) {
    if (typeof e.query === 'string') underQuery = true;
    const code = str(e.code);
    if (code && /^[0-9A-Z]{5}$/.test(code) && typeof e.severity === 'string' && isUnavailableState(code)) return true;
    if (code && underQuery && SOCKET_CODES.has(code)) return true;
    const message = str(e.message);
    // A wrapper's message embeds the inner one after "Failed query"; only the inner ones are tested.
    if (message && !message.startsWith('Failed query') && CONNECTION_MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}

/**
 * True when the database chose this transaction to fail so another could go on: a deadlock
 * (40P01) or a serialization failure (40001). Nothing of it committed; running it again is safe.
 */
export function isTransactionConflict(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = str(e.code);
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** True when the error (or one it wraps) came from the database: a failed query or a server error. */
export function isDatabaseError(err: unknown): boolean {
  for (let cur: unknown = err, i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    const e = cur as { query?: unknown; severity?: unknown; code?: unknown; cause?: unknown };
    if (typeof e.query === 'string' || typeof e.severity === 'string') return true;
    cur = e.cause;
  }
  return false;
}

/** The safe facts of an error for a log line: codes and names, never values. */
export function dbErrorFacts(err: unknown): DbErrorFacts {
  const facts: DbErrorFacts = { name: 'Error' };
  for (const e of chain(err)) {
    const name = (e as { constructor?: { name?: string } }).constructor?.name;
    if (name) facts.name = name;
    const code = str(e.code);
    if (code && (/^[0-9A-Z]{5}$/.test(code) || /^E[A-Z_]+$/.test(code))) facts.code = code;
    facts.constraint = str(e.constraint) ?? facts.constraint;
    facts.table = str(e.table) ?? facts.table;
    facts.column = str(e.column) ?? facts.column;
    facts.routine = str(e.routine) ?? facts.routine;
    const query = str(e.query);
    if (query) facts.query = query.slice(0, 500);
    const message = str(e.message);
    if (message && CONNECTION_MESSAGES.some((re) => re.test(message))) facts.message = message;
  }
  return facts;
}

/** One line for the console: `ErrorName 57P01 constraint=...`. */
export function describeDbError(err: unknown): string {
  const f = dbErrorFacts(err);
  return [f.name, f.code, f.constraint && `constraint=${f.constraint}`, f.message].filter(Boolean).join(' ');
}
