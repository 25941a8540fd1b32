/**
 * Errors that mean the database cannot be reached right now (a restart, a failover, a network blip,
 * every connection busy past the wait), as opposed to a fault in a request or in the code. They are
 * answered 503 with Retry-After: the request may be tried again as it is, and the console does so. A busy
 * database says so in its own words (isDatabaseBusy): the database is there, its turn did not come in time.
 */
export const DATABASE_UNAVAILABLE = "The service can't reach its database right now. Please try again in a few seconds."
/** A database that is there but has no turn free within the wait: a busy pool is not a missing database. */
export const DATABASE_BUSY = "The service is busy right now. Please try again in a few seconds."
export const RETRY_AFTER_SECONDS = 5

/** Every connection of the pool stayed busy for the whole of a request's wait (pool-queue.ts). */
export class DatabaseBusyError extends Error {
  readonly code = "POOL_BUSY"
  constructor() {
    super("every connection stayed busy for the whole wait")
  }
}

// 57014: a statement cancelled by its timeout; 53300: the database's own connections all taken.
const BUSY_CODES = new Set(["POOL_BUSY", "57014", "53300"])

// SQLSTATE classes and codes: 08 connection exception; 57P01-57P03 the server shutting down, crashed
// or starting; 53300 too many connections; 57014 a statement cancelled by its timeout.
const UNAVAILABLE_CODES = /^(08\d{3}|57P0[123]|53300|57014)$/
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"])
// pg's own words for a connection that broke, never opened in time, or read nothing back in time.
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Connection refused/i

/** The database answers but is too busy for this request now (a subset of isDatabaseUnavailable: also 503, in other words). */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown }
    if (typeof code === "string" && BUSY_CODES.has(code)) return true
  }
  return false
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (isDatabaseBusy(error)) return true
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === "string" && (UNAVAILABLE_CODES.test(code) || NETWORK_CODES.has(code))) return true
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true
    // AggregateError (a connect to every address of a host name failing) keeps its causes in `errors`.
    const errors = (e as { errors?: unknown }).errors
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true
  }
  return false
}
