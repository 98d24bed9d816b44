/**
 * Which faults are transient: worth another attempt because the world, not the work, was at
 * fault. Network failures, time-outs, a lost or busy database connection, a Redis reconnect.
 * Everything else (an invalid recipe, a TypeError: a bug) would fail the same way again, so
 * the queue fails such a job at once instead of repeating it (queue/errors.ts `isRetryable`),
 * and an HTTP answer says 500, not 503 (errors/index.ts `toHttp`).
 */

/** Throw (or wrap a cause) from a handler to say "try again later" explicitly. */
export class TransientJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientJobError';
  }
}

// Node system errors and undici's, on sockets and DNS.
const NETWORK_CODES = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH',
  'ENETUNREACH', 'ENETDOWN', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED',
]);
// PostgreSQL SQLSTATEs: connection exceptions (08), operator intervention (57P0x: shutdown,
// cannot connect now), too many connections, serialization failure and deadlock (a rerun wins).
const PG_TRANSIENT = /^(08\d{3}|57P0[1-3]|53300|40001|40P01)$/;
// SQLite: another connection holds the lock.
const SQLITE_TRANSIENT = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT']);
// Drivers that report a dropped connection only in words (pg, ioredis).
const LOST_CONNECTION = /Connection terminated|connection error and is not queryable|Connection is closed|timeout exceeded when trying to connect|MaxRetriesPerRequest/i;

export function isTransientFault(err: unknown): boolean {
  // Follow the cause chain (bounded): a wrapper may carry the network error inside.
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e; depth++) {
    if (e instanceof TransientJobError) return true;
    if (typeof e !== 'object') return false;
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_TRANSIENT.test(code) || SQLITE_TRANSIENT.has(code))) return true;
    if (name === 'TimeoutError' || name === 'ConnectTimeoutError' || name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
