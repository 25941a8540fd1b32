import { Arbitrary, Effect, Schema } from "effect"
import { sql } from "kysely"
import type { Role } from "../../src/api/contract/common.ts"
import type { Endpoint } from "../../src/api/contract/endpoint.ts"
import type { Db } from "../../server/db/database.ts"

/**
 * Inputs drawn from the contract's own schemas, shared by the generated security suites
 * (fuzzing, mass assignment, object access), so a new endpoint is covered without editing them.
 */

/** Up to `count` encoded values a schema accepts, drawn by effect's Arbitrary; none when it cannot derive one. */
export function schemaSamples(schema: Schema.Top | undefined, count: number, seed: number): unknown[] {
  if (!schema) return []
  try {
    const values = Effect.runSync(Arbitrary.sampleEffect(Arbitrary.schema(schema as never), { count, seed }))
    const encode = Schema.encodeUnknownSync(schema as never)
    return values.map((v) => encode(v))
  } catch {
    // Refinements effect cannot generate for (emails with a pattern, say) leave the caller's fallback.
    return []
  }
}

/** Property names of a struct schema (a body or query), or none for anything else. */
export const fieldNames = (schema: Schema.Top | undefined): string[] =>
  Object.keys((schema as unknown as { fields?: Record<string, unknown> } | undefined)?.fields ?? {})

/** The path with each `:param` replaced by the given values (URL-encoded), under /api/v1. */
export function urlOf(e: Endpoint, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): string {
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => encodeSegment(String(params[name] ?? "00000000-0000-0000-0000-000000000000")))
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined) search.append(k, typeof v === "string" ? v : JSON.stringify(v))
  const qs = search.toString()
  return `/api/v1${path}${qs ? `?${qs}` : ""}`
}

/** A lone surrogate has no UTF-8 form: send the bytes of one anyway (what a hostile client can do). */
const encodeSegment = (text: string) =>
  text
    .split(/([\ud800-\udfff])/u)
    .map((s) => (/^[\ud800-\udfff]$/u.test(s) ? "%ED%A0%80" : encodeURIComponent(s)))
    .join("")

/** Some role the access rule lets in (Admin first, as it may call the most), or null for public calls. */
export function someAllowedRole(e: Endpoint): Role | null {
  if (e.access === "public") return null
  if (e.access === "signedIn") return "Admin"
  return e.access.includes("Admin") ? "Admin" : e.access[0]!
}

export const isWrite = (e: Endpoint) => e.method !== "GET"

/** A fingerprint of every table's content in the current schema: equal fingerprints, unchanged data. */
/**
 * Tables whose rows move on by themselves after a write the test made (the postman marks a mail sent,
 * retried or dead; a scheduled notification is told): only which rows exist counts, not their state.
 */
const SELF_MOVING: Record<string, string> = {
  outbox: "id, key",
  scheduled_notifications: "id, key",
  // The chain seals events shortly after a write (services/audit/audit-chain.ts): their seal, not their content, moves.
  events: "id, entity_type, entity_id, type, actor_id, at, before, after, machine",
}
/** The chain's own seals and checkpoints grow after writes by themselves; the events they cover are compared. */
const SEALING = ["audit_seals", "audit_checkpoints"]
/** The access log records refused calls themselves (server/plugins/access-log.ts): it grows when nothing else may. */
const LOGS = ["access_log"]

export async function tablesFingerprint(db: Db, except: readonly string[] = []): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db)
  const names = tables.rows.map((t) => t.table_name).filter((name) => !except.includes(name) && !SEALING.includes(name) && !LOGS.includes(name))
  // Every table's hash in one statement: the suites take thousands of fingerprints, and one query per table
  // made the round trips (on the embedded database each a message to its thread) most of a suite's time.
  const hashes = names.map((name) => {
    const columns = SELF_MOVING[name]
    const source = columns ? sql`(select ${sql.raw(columns)} from ${sql.table(name)})` : sql.table(name)
    return sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${source} t)`
  })
  if (hashes.length === 0) return ""
  const row = (await sql<{ h: string[] }>`select array[${sql.join(hashes)}] as h`.execute(db)).rows[0]!
  return names.map((name, i) => `${name}:${row.h[i]}`).join(",")
}

/** Every table's rows as text, to look for a value that must never have been stored. */
export async function allStoredText(db: Db): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(db)
  const parts: string[] = []
  for (const { table_name } of tables.rows) {
    const row = await sql<{ t: string | null }>`select string_agg(t::text, '|') as t from ${sql.table(table_name)} t`.execute(db)
    parts.push(`${table_name}:${row.rows[0]?.t ?? ""}`)
  }
  return parts.join("\n")
}

/** What an answer must never show: stack frames, source paths, SQL or driver text. */
export const LEAK =
  /\bat \S+ \(|node_modules|\/work\/|\/home\/|\.ts:\d+|\.js:\d+|\bselect\s.+\sfrom\b|\binsert into\b|\bupdate \S+ set\b|syntax error|relation "|violates|duplicate key|pglite|kysely|TypeError|ReferenceError|Cannot read prop/i
