import { type RawBuilder, sql } from "kysely"
import type { Db } from "../database.ts"
import { seedScaleContent } from "./scale-content.sql.ts"
import { enquiryEventsBatch, sessionEventsBatch, ticketEventsBatch, userEventsBatch } from "./scale-events.sql.ts"
import { withIndexesDeferred } from "./deferred-indexes.ts"
import { sealPending } from "../../services/audit/audit-chain.ts"
import { contactEnquiriesBatch, counsellingEnquiriesBatch, responsesBatch, SCALE_ID, sessionsBatch, ticketsBatch, usersBatch } from "./scale-rows.sql.ts"

/** The full sizes (scale 1); `--scale 0.01` seeds 1% of each. */
export const FULL_SIZES = {
  users: 1_000_000,
  counsellingSessions: 1_000_000,
  tickets: 100_000,
  counsellingEnquiries: 10_000,
  contactEnquiries: 10_000,
  blogs: 2_000,
  cards: 500,
} as const

export type Sizes = { -readonly [K in keyof typeof FULL_SIZES]: number }

/** Reports each finished batch of a table: rows done out of the table's total. */
export type ScaleProgress = (table: string, done: number, total: number) => void

export interface ScaleSeedResult {
  sizes: Sizes
  /** Milliseconds per table, then in total. */
  timings: Record<string, number>
}

export class ScaleSeedRefused extends Error {}

const MIN_SCALE = 0.0001
const MAX_SCALE = 10

export function sizesAt(scale: number): Sizes {
  if (!Number.isFinite(scale) || scale < MIN_SCALE || scale > MAX_SCALE) {
    throw new ScaleSeedRefused(`--scale must be a number from ${MIN_SCALE} to ${MAX_SCALE} (1 = a million users); got ${scale}`)
  }
  const of = (n: number) => Math.max(1, Math.round(n * scale))
  // People come in blocks of 100 (60 clients, 40 vendors): at least one full block.
  return {
    users: Math.max(100, of(FULL_SIZES.users)),
    counsellingSessions: of(FULL_SIZES.counsellingSessions),
    tickets: of(FULL_SIZES.tickets),
    counsellingEnquiries: of(FULL_SIZES.counsellingEnquiries),
    contactEnquiries: of(FULL_SIZES.contactEnquiries),
    blogs: of(FULL_SIZES.blogs),
    cards: of(FULL_SIZES.cards),
  }
}

/** Rows per statement: big enough to be set-based, small enough for PGlite's memory and a live progress bar. Multiple of 100. */
const BATCH = 50_000

/**
 * Fills the database with a scale data set (issue 9): people of every role and status, sessions,
 * tickets with five responses each, enquiries, content and their events, every table by set-based
 * statements. Counters and search terms are kept by the tables' own triggers. Each batch commits
 * on its own; a database that already holds a scale seed (complete or not) is refused, never doubled.
 */
export async function seedScale(db: Db, options: { scale: number }, onProgress: ScaleProgress = () => {}): Promise<ScaleSeedResult> {
  const sizes = sizesAt(options.scale)
  const existing = await db.selectFrom("users").select("id").where("id", "=", SCALE_ID.user(1)).executeTakeFirst()
  if (existing) {
    throw new ScaleSeedRefused("This database already holds a scale seed; seed into an empty data directory or database (a second run would double it).")
  }
  const blocks = Math.floor(sizes.users / 100)
  const timings: Record<string, number> = {}
  const started = performance.now()
  const step = async (table: string, total: number, batch: (from: number, to: number) => RawBuilder<unknown>, size = BATCH) => {
    const begun = performance.now()
    onProgress(table, 0, total)
    // Batches start at multiples of `size` (so at a person block's start): g = 1..size-1, size..2size-1, …
    for (let from = 1; from <= total; from = from === 1 ? size : from + size) {
      const to = Math.min(total, from === 1 ? size - 1 : from + size - 1)
      await batch(from, to).execute(db)
      onProgress(table, to, total)
    }
    timings[table] = Math.round(performance.now() - begun)
  }
  // A line per index build; their time in total.
  const building = (index: string, ms: number | null) => {
    onProgress(`index ${index}`, ms === null ? 0 : 1, 1)
    if (ms !== null) timings.indexes = Math.round((timings.indexes ?? 0) + ms)
  }
  const loadRows = async () => {
    await step("users", sizes.users, (from, to) => usersBatch(from, to, sizes.users))
    await step("counselling_sessions", sizes.counsellingSessions, (from, to) => sessionsBatch(from, to, sizes.counsellingSessions, blocks))
    await step("tickets", sizes.tickets, (from, to) => ticketsBatch(from, to, sizes.tickets, blocks))
    await step("ticket_responses", sizes.tickets * 5, (from, to) => responsesBatch(Math.ceil(from / 5), Math.floor(to / 5)), BATCH)
    await step("counselling_enquiries", sizes.counsellingEnquiries, counsellingEnquiriesBatch)
    await step("contact_enquiries", sizes.contactEnquiries, contactEnquiriesBatch)
    const contentBegun = performance.now()
    await seedScaleContent(db, sizes, onProgress)
    timings.content = Math.round(performance.now() - contentBegun)
    await step("events (users)", sizes.users, userEventsBatch)
    await step("events (sessions)", sizes.counsellingSessions, sessionEventsBatch)
    await step("events (tickets)", sizes.tickets, ticketEventsBatch, 10_000)
    await step("events (enquiries)", Math.max(sizes.counsellingEnquiries, sizes.contactEnquiries), enquiryEventsBatch)
  }
  const sealEvents = async () => {
    // The hash chain covers the seeded events too, sealed now rather than by a server in the background.
    const sealBegun = performance.now()
    onProgress("events sealed", 0, 1)
    await sealPending(db, new Date(), { batch: 10_000, checkpoint: false })
    // Sealing wrote every event row again, out of id order: put them back in it, which the planner counts on
    // to read the newest events backwards along the primary key (tests/server/explain.test.ts).
    await sql`cluster events using events_pkey`.execute(db)
    onProgress("events sealed", 1, 1)
    timings.seal = Math.round(performance.now() - sealBegun)
  }
  // The rows go in without the secondary indexes of the tables they fill (deferred-indexes.ts); ticket_responses
  // keeps its own, by which the tickets' events read each ticket's responses. The events' indexes wait until
  // their seal has rewritten every event, except the one the seal finds the unsealed events by.
  await withIndexesDeferred(
    db,
    ["events"],
    async () => {
      await withIndexesDeferred(
        db,
        ["users", "people_search_terms", "counselling_sessions", "tickets", "counselling_enquiries", "contact_enquiries", "events"],
        loadRows,
        {
          onIndex: building,
        },
      )
      await sealEvents()
    },
    { keep: ["events_unsealed_idx"], onIndex: building },
  )
  // Fresh statistics, so the planner picks the indexes from the first request on; and a vacuum, since bulk
  // inserts leave the visibility map empty (no index-only scans).
  const analyzed = performance.now()
  onProgress("vacuum analyze", 0, 1)
  await sql`vacuum analyze`.execute(db)
  onProgress("vacuum analyze", 1, 1)
  timings.vacuumAnalyze = Math.round(performance.now() - analyzed)
  timings.total = Math.round(performance.now() - started)
  return { sizes, timings }
}
