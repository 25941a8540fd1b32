import type { TicketListAnswer, TicketListQuery, TicketThread } from "../../../src/api/contract/tickets/ticket.ts"
import { paging, totalPages } from "../../db/paging.ts"
import { findThread, findTicket, listTickets, toTicket, toTicketResponse } from "../../db/repositories/tickets.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { notFound } from "../errors.ts"
import { instantRange } from "../instant-range.ts"
import { contentTypes, type ImageKind } from "../storage/image-types.ts"
import { assertCanSee, canSeeTicket, foundTicket, isAdmin } from "./ticket-access.ts"
import { etagMatches, etagOf } from "./ticket-versions.ts"
import type { TicketDeps } from "./ticket-deps.ts"

export const TICKET_PAGE_SIZE = 10

export async function getTickets(deps: Pick<TicketDeps, "db">, caller: Caller, query: typeof TicketListQuery.Type): Promise<TicketListAnswer> {
  const pageOf = paging(query, TICKET_PAGE_SIZE)
  const { page, limit } = pageOf
  const { rows, total } = await listTickets(
    deps.db,
    isAdmin(caller) ? null : caller.id,
    pageOf,
    { state: query.state, raised: instantRange(query) },
    query.sort,
  )
  return { success: true, data: rows.map(toTicket), pagination: { total, page, limit, totalPages: totalPages(total, limit) } }
}

/** The ticket with its conversation, read in one statement (the responses are those of the row's version), and kept as that version's. */
export async function loadThread(
  deps: Pick<TicketDeps, "db" | "threads">,
  queryId: string,
): Promise<{ thread: TicketThread; version: number; raiserId: string }> {
  const { responses, ...row } = foundTicket(await findThread(deps.db, queryId))
  const thread = { ...toTicket(row), responses: responses.map(toTicketResponse) }
  deps.threads.set(queryId, row.version, thread)
  return { thread, version: row.version, raiserId: row.raiser_id }
}

export type ThreadFetch = { notModified: true; etag: string } | { notModified: false; etag: string; answer: { success: true; data: TicketThread } }

/**
 * Polled every 5 s by every open chat: when the caller's ETag still names the version this process
 * knows, the answer is 304 without touching the database, and when it names an older one, the thread this process
 * kept at the version it knows is the answer.
 */
export async function fetchThread(
  deps: Pick<TicketDeps, "db" | "versions" | "threads">,
  caller: Caller,
  queryId: string,
  ifNoneMatch: string | undefined,
): Promise<ThreadFetch> {
  const known = await deps.versions.get(queryId)
  if (known && canSeeTicket(caller, known.raiserId)) {
    const etag = etagOf(queryId, known.version)
    if (etagMatches(ifNoneMatch, etag)) return { notModified: true, etag }
    // The step that moved the version, when made here, kept its thread: the other side's chat reads it from there.
    const kept = deps.threads.get(queryId, known.version)
    if (kept) return { notModified: false, etag, answer: { success: true, data: kept } }
  }
  const { thread, version, raiserId } = await loadThread(deps, queryId)
  assertCanSee(caller, raiserId)
  await deps.versions.remember(queryId, { version, raiserId })
  return { notModified: false, etag: etagOf(queryId, version), answer: { success: true, data: thread } }
}

/** The attachment's stored file, for the raiser or the Admin only. */
export async function getAttachment(deps: Pick<TicketDeps, "db">, caller: Caller, queryId: string) {
  const row = foundTicket(await findTicket(deps.db, queryId))
  assertCanSee(caller, row.raiser_id)
  if (!row.image_name) throw notFound("This ticket has no attachment.")
  const kind = row.image_name.split(".").pop() as ImageKind
  return { name: row.image_name, contentType: contentTypes[kind], fileName: `${toTicket(row).ticketId}.${kind === "jpeg" ? "jpg" : kind}` }
}
