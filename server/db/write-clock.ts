import type { CompiledQuery, OperationNode } from "kysely"

/**
 * Counts the writes this process sends to one database, table by table. The answer cache
 * (services/cache/answer-cache.ts) keeps an answer only while the tables it read are as they were
 * before it was computed, so a write made through this process, by a route or by a test's helper, is
 * never answered from an older copy, and a write to tickets leaves the people lists cached.
 * A write whose tables cannot be named (raw SQL, a migration's DDL) counts as a write to every table.
 */
export interface WriteClock {
  /** Every write so far, of any table; it only grows. */
  readonly now: number
  tick(tables?: Written): void
  /** Changes whenever one of these tables is written, or a write names no table. */
  stampOf(tables: readonly string[]): string
  /** What was written since `since` (an earlier `now`). */
  writtenSince(since: number): Written
}

/** The tables a statement changed; "all" when it cannot say which. */
export type Written = readonly string[] | "all"

export function writeClock(): WriteClock {
  let now = 0
  let lastUnnamed = 0
  const lastWrite = new Map<string, number>()
  return {
    get now() {
      return now
    },
    tick(tables = "all") {
      now++
      if (tables === "all") lastUnnamed = now
      else for (const table of tables) lastWrite.set(table, now)
    },
    stampOf(tables) {
      let stamp = String(lastUnnamed)
      for (const table of tables) stamp += `:${lastWrite.get(table) ?? 0}`
      return stamp
    },
    writtenSince(since) {
      if (lastUnnamed > since) return "all"
      const tables: string[] = []
      for (const [table, at] of lastWrite) if (at > since) tables.push(table)
      return tables
    },
  }
}

/**
 * Whether a statement may change data. A false "yes" only costs a cached answer; a false "no" would
 * serve stale data, so anything that is not plainly a read counts: every statement not starting with
 * SELECT or WITH (INSERT, UPDATE, DELETE, a migration's DDL), and a read naming a write (a CTE that
 * updates). Transaction control is not a write here: write-tracking.ts counts a transaction's tables
 * again when it commits.
 */
export function mayWrite(sql: string): boolean {
  if (NO_DATA_CHANGE.test(sql)) return false
  return !/^\s*\(?\s*(select|with)\b/i.test(sql) || /\b(insert|update|delete|truncate|merge)\b/i.test(sql)
}

const NO_DATA_CHANGE = /^\s*(begin|start transaction|commit|end|rollback|savepoint|release|set|reset|show|checkpoint)\b/i

const WRITES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"])
const QUERIES = new Set(["SelectQueryNode", ...WRITES])
const WRITE_WORD = /\b(insert|update|delete|truncate|merge)\b/i

/**
 * The tables a statement changes, read from the query builder's tree (an insert's `into`, an update's
 * table, a delete's `from`, a merge's `into`, wherever they sit: a CTE that updates counts). Raw SQL
 * that may write, DDL, a write whose target is not a plain table, or a raw fragment inside a query that
 * names a write, change "all". A read (SELECT … FOR UPDATE too) changes none.
 */
export function tablesWritten(query: CompiledQuery): Written {
  const root = query.query
  if (root.kind === "RawNode") return mayWrite(query.sql) ? "all" : []
  if (!QUERIES.has(root.kind)) return "all"
  // Most statements are plain reads: only one whose text names a write is walked.
  if (root.kind === "SelectQueryNode" && !WRITE_WORD.test(query.sql)) return []
  const tables = new Set<string>()
  let unnamed = false
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (typeof node !== "object" || node === null) return
    const kind = (node as OperationNode).kind
    if (WRITES.has(kind)) {
      const target = writeTarget(node as OperationNode)
      if (target.length === 0) unnamed = true
      for (const table of target) tables.add(table)
    } else if (kind === "RawNode" && WRITE_WORD.test(((node as Node).sqlFragments as string[]).join(" "))) unnamed = true
    for (const value of Object.values(node)) if (typeof value === "object") visit(value)
  }
  visit(root)
  return unnamed ? "all" : [...tables]
}

type Node = OperationNode & Record<string, unknown>

function writeTarget(node: OperationNode): string[] {
  const n = node as Node
  switch (node.kind) {
    case "InsertQueryNode":
    case "MergeQueryNode":
      return tableNames(n.into)
    case "UpdateQueryNode":
      return tableNames(n.table)
    case "DeleteQueryNode":
      return tableNames(n.from)
    default:
      return []
  }
}

/** A table's name from a TableNode, an aliased one, or a FromNode's list; none when it is anything else. */
function tableNames(node: unknown): string[] {
  const n = node as Node | undefined
  if (!n) return []
  if (n.kind === "TableNode") return [((n.table as Node).identifier as Node).name as string]
  if (n.kind === "AliasNode") return tableNames(n.node)
  if (n.kind === "FromNode") return (n.froms as unknown[]).flatMap(tableNames)
  return []
}

const clocks = new WeakMap<object, WriteClock>()

/** The clock openDatabase attached to a database handle; none for a handle made another way. */
export const writeClockOf = (db: object): WriteClock | undefined => clocks.get(db)

export function attachWriteClock(db: object, clock: WriteClock): void {
  clocks.set(db, clock)
}
