import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely"
import { tablesWritten, type WriteClock } from "./write-clock.ts"

/**
 * A dialect that counts on `clock` the tables each statement changes: once when the statement has run
 * (before its caller goes on, so a write is counted before the route that made it answers), and, for a
 * statement inside a transaction, once more when the transaction commits. On PostgreSQL another
 * connection may read while a transaction is open and still see the old rows; counting the commit
 * makes an answer computed then stale. (PGlite has one connection, so no read runs in between.)
 */
export function trackingWrites(dialect: Dialect, clock: WriteClock, onTransactionStatement?: TransactionStatementHook): Dialect {
  return {
    createDriver: () => trackingDriver(dialect.createDriver(), clock, onTransactionStatement),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db: Parameters<Dialect["createIntrospector"]>[0]) => dialect.createIntrospector(db),
  }
}

/**
 * Told of each statement sent inside a transaction, with the transaction's number (the benchmark's SQL probe
 * replays one write's transaction, bench-instrument.ts); `begin` and `commit` themselves are not statements here.
 */
export type TransactionStatementHook = (query: CompiledQuery, transaction: number) => void

function trackingDriver(driver: Driver, clock: WriteClock, onTransactionStatement?: TransactionStatementHook): Driver {
  const counted = new WeakSet<DatabaseConnection>()
  /** The number of each open transaction, by its connection (only for `onTransactionStatement`). */
  const numbers = new WeakMap<DatabaseConnection, number>()
  let transactions = 0
  /** The tables each open transaction has written, by its connection. */
  const open = new WeakMap<DatabaseConnection, Set<string> | "all">()
  const note = (connection: DatabaseConnection, query: CompiledQuery) => {
    const written = tablesWritten(query)
    if (written !== "all" && written.length === 0) return
    clock.tick(written)
    const pending = open.get(connection)
    if (pending === undefined || pending === "all") return
    if (written === "all") open.set(connection, "all")
    else for (const table of written) pending.add(table)
  }
  // Kysely's own logging wraps executeQuery the same way, once per connection; this runs inside it.
  const count = (connection: DatabaseConnection) => {
    if (counted.has(connection)) return
    counted.add(connection)
    const execute = connection.executeQuery.bind(connection)
    connection.executeQuery = async <R>(query: CompiledQuery, ...rest: unknown[]): Promise<QueryResult<R>> => {
      try {
        return await (execute as (q: CompiledQuery, ...r: unknown[]) => Promise<QueryResult<R>>)(query, ...rest)
      } finally {
        // A failed statement too: inside a transaction it may have changed rows before it failed.
        note(connection, query)
        const transaction = onTransactionStatement && numbers.get(connection)
        if (transaction) onTransactionStatement(query, transaction)
      }
    }
  }
  const tracked: Driver = {
    init: (options) => driver.init(options),
    acquireConnection: async (options) => {
      const connection = await driver.acquireConnection(options)
      count(connection)
      return connection
    },
    beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
      await driver.beginTransaction(connection, settings)
      open.set(connection, new Set())
      if (onTransactionStatement) numbers.set(connection, ++transactions)
    },
    commitTransaction: async (connection) => {
      numbers.delete(connection)
      try {
        await driver.commitTransaction(connection)
      } finally {
        const pending = open.get(connection)
        open.delete(connection)
        if (pending === "all") clock.tick("all")
        else if (pending && pending.size > 0) clock.tick([...pending])
      }
    },
    rollbackTransaction: async (connection) => {
      open.delete(connection)
      numbers.delete(connection)
      await driver.rollbackTransaction(connection)
    },
    releaseConnection: (connection, options) => driver.releaseConnection(connection, options),
    destroy: (options) => driver.destroy(options),
  }
  if (driver.savepoint) tracked.savepoint = driver.savepoint.bind(driver)
  if (driver.rollbackToSavepoint) tracked.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver)
  if (driver.releaseSavepoint) tracked.releaseSavepoint = driver.releaseSavepoint.bind(driver)
  return tracked
}
