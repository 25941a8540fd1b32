import type { AddResponseRequest, CreateTicketFields, FeedbackRequest } from "../../../src/api/contract/tickets/ticket.ts"
import type { UploadedFile } from "../../plugins/multipart.ts"
import type { Db } from "../../db/database.ts"
import type { TicketResponseRow, TicketRow } from "../../db/tickets.table.ts"
import type { TicketThread } from "../../../src/api/contract/tickets/ticket.ts"
import {
  findTicket,
  insertResponse,
  insertTicket,
  lockTicket,
  lockTicketByNumber,
  toTicket,
  toTicketResponse,
  updateTicket,
} from "../../db/repositories/tickets.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { badRequest, forbidden, notFound } from "../errors.ts"
import { snapshotOfRow } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { assertStep, foundTicket, isAdmin } from "./ticket-access.ts"
import type { TicketDeps } from "./ticket-deps.ts"
import { loadThread } from "./ticket.queries.ts"
import { deliverSoon, NOTHING_QUEUED, queueNotifications } from "../notifications/queue.ts"
import { ticketMails } from "./ticket-mail.ts"

/** Raises a ticket; the optional image is checked by its bytes and kept private under a random name. */
export async function createTicket(deps: TicketDeps, caller: Caller, fields: CreateTicketFields, files: UploadedFile[]) {
  const stray = files.find((f) => f.field !== "image")
  if (stray) throw badRequest(`${stray.field}: unexpected file`)
  if (files.length > 1) throw badRequest("image: attach at most one image")
  const image = files[0] ? deps.uploads.saveImage(files[0], ["png", "jpeg"], "private") : null
  let row: TicketRow
  let queued = NOTHING_QUEUED
  try {
    row = await deps.db.transaction().execute(async (trx) => {
      const at = new Date(deps.now())
      const created = await insertTicket(trx, { raiserId: caller.id, ticketType: fields.ticketType, query: fields.query, imageName: image?.name ?? null, at })
      await recordChange(trx, { entityType: "ticket", entityId: created.id, type: "ticket.created", actorId: caller.id, row: created })
      queued = await queueNotifications(trx, at, await ticketMails(trx, deps.publicUrl, "ticket.raised", created), deps.postman)
      return created
    })
  } catch (error) {
    if (image) deps.uploads.remove(image.name, "private")
    throw error
  }
  await deps.versions.remember(row.id, { version: row.version, raiserId: row.raiser_id })
  announce(deps, row)
  deliverSoon(deps, queued)
  const ticket = toTicket(foundTicket(await findTicket(deps.db, row.id)))
  return { success: true, message: "Ticket submitted successfully!", data: ticket }
}

/**
 * One step on one ticket: lock the row, run `change` (which checks and writes), queue the step's mails
 * (`step` of the changed row; none when it answers null), record the new version, and start delivering
 * the mails: the chat's answer does not wait for the mail server.
 */
async function changeTicket(
  deps: TicketDeps,
  lock: (trx: Db) => Promise<TicketRow | undefined>,
  change: (trx: Db, row: TicketRow) => Promise<Step>,
  step: (row: TicketRow) => Parameters<typeof ticketMails>[2] | null,
): Promise<StepDone> {
  let queued = NOTHING_QUEUED
  const done = await deps.db.transaction().execute(async (trx) => {
    const before = foundTicket(await lock(trx))
    const changed = await change(trx, before)
    const kind = step(changed.row)
    if (kind) queued = await queueNotifications(trx, new Date(deps.now()), await ticketMails(trx, deps.publicUrl, kind, changed.row), deps.postman)
    return { ...changed, before }
  })
  await deps.versions.remember(done.row.id, { version: done.row.version, raiserId: done.row.raiser_id })
  announce(deps, done.row)
  deliverSoon(deps, queued)
  return done
}

/** What a step wrote: the changed ticket, and the response when it added one. */
interface Step {
  row: TicketRow
  added?: TicketResponseRow
}

/** A step once committed, with the ticket as it was locked. */
interface StepDone extends Step {
  before: TicketRow
}

/**
 * The thread after a step, for its answer: the thread at the version the step locked (kept by the thread cache)
 * with the changed ticket and the response it added; read afresh when that version is not kept, or when the
 * response's author is not in it yet (the thread carries their name).
 */
async function threadAfter(deps: TicketDeps, { before, row: changed, added }: StepDone): Promise<TicketThread> {
  const kept = deps.threads.get(changed.id, before.version)
  if (!kept) return (await loadThread(deps, changed.id)).thread
  let responses = kept.responses
  if (added) {
    const author =
      kept.responses.find((r) => r.addedBy._id === added.added_by)?.addedBy ??
      (kept.userId === added.added_by ? { _id: kept.userId, name: kept.name, role: kept.role } : undefined)
    if (!author) return (await loadThread(deps, changed.id)).thread
    responses = [...responses, toTicketResponse({ ...added, created_at: added.created_at.toISOString(), author_name: author.name, author_role: author.role })]
  }
  const thread = { ...toTicket({ ...changed, raiser_name: kept.name, raiser_role: kept.role }), responses }
  deps.threads.set(changed.id, changed.version, thread)
  return thread
}

/** Open screens of the ticket (its raiser's, every Admin's) hear that it changed, and read it again. */
function announce(deps: TicketDeps, row: TicketRow): void {
  deps.live.publish({ users: [row.raiser_id], roles: ["Admin"] }, { type: "ticket.changed", queryId: row.id, version: row.version })
}

export async function closeTicket(deps: TicketDeps, caller: Caller, queryId: string) {
  const done = await changeTicket(
    deps,
    (trx) => lockTicket(trx, queryId),
    async (trx, row) => {
      assertStep(row, { type: "ticket.close" })
      const at = new Date(deps.now())
      const closed = await updateTicket(trx, row.id, { closed: true, closed_at: at, closed_by: caller.id, updated_at: at })
      await recordChange(trx, {
        entityType: "ticket",
        entityId: row.id,
        type: "ticket.closed",
        actorId: caller.id,
        before: snapshotOfRow("ticket", row),
        row: closed,
      })
      return { row: closed }
    },
    (closed) => (closed.raiser_id === caller.id ? null : "ticket.closed"),
  )
  return { success: true, message: "Ticket closed.", data: await threadAfter(deps, done) }
}

/** The raiser asks (question), the Admin answers (answer); nobody else takes part. */
export async function addResponse(deps: TicketDeps, caller: Caller, body: AddResponseRequest) {
  const question = body.question?.trim() ?? ""
  const answer = body.answer?.trim() ?? ""
  const done = await changeTicket(
    deps,
    (trx) => lockTicket(trx, body.queryId),
    async (trx, row) => {
      const admin = isAdmin(caller)
      if (!admin && caller.id !== row.raiser_id) throw forbidden("Only the person who raised this ticket and the Admin can respond to it.")
      assertStep(row, { type: "ticket.respond" })
      if (admin && (answer === "" || question !== ""))
        throw badRequest(answer === "" ? "answer: is required" : "question: the Admin answers; leave question empty")
      if (!admin && (question === "" || answer !== "")) throw badRequest(question === "" ? "question: is required" : "answer: only the Admin answers")
      const at = new Date(deps.now())
      const response = await insertResponse(trx, { ticketId: row.id, question: admin ? null : question, answer: admin ? answer : null, addedBy: caller.id, at })
      const changed = await updateTicket(trx, row.id, { updated_at: at })
      // A response is its own entity (its row names the ticket); on the ticket's own trail the step is
      // logged too, with no fields, since none of the ticket's fields change.
      await recordChange(trx, { entityType: "ticketResponse", entityId: response.id, type: "ticketResponse.created", actorId: caller.id, row: response })
      await recordChange(trx, {
        entityType: "ticket",
        entityId: row.id,
        type: "ticket.responded",
        actorId: caller.id,
        before: snapshotOfRow("ticket", row),
        row: changed,
      })
      return { row: changed, added: response }
    },
    () => (isAdmin(caller) ? "ticket.answered" : null),
  )
  return { success: true, message: "Response added.", data: await threadAfter(deps, done) }
}

/** Only the raiser, only once, only on a closed ticket (the ticket machine refuses the rest). */
export async function giveFeedback(deps: TicketDeps, caller: Caller, body: FeedbackRequest) {
  const number = Number(body.ticketId.slice("TKT-".length))
  // Ticket numbers are 32-bit; a longer one cannot exist (and would make the query fail).
  if (number > 2_147_483_647) throw notFound("Ticket not found.")
  const { row: rated } = await changeTicket(
    deps,
    (trx) => lockTicketByNumber(trx, number),
    async (trx, row) => {
      if (caller.id !== row.raiser_id) throw forbidden("Only the person who raised this ticket can give feedback on it.")
      assertStep(row, { type: "ticket.feedback", rating: body.rating, remark: body.remark })
      const at = new Date(deps.now())
      const changed = await updateTicket(trx, row.id, { user_rating: body.rating, user_review: body.remark, feedback_at: at, updated_at: at })
      await recordChange(trx, {
        entityType: "ticket",
        entityId: row.id,
        type: "ticket.feedbackGiven",
        actorId: caller.id,
        before: snapshotOfRow("ticket", row),
        row: changed,
      })
      return { row: changed }
    },
    () => "ticket.feedbackGiven",
  )
  const ticket = await findTicket(deps.db, rated.id)
  if (!ticket) throw notFound("Ticket not found.")
  return { success: true, message: "Feedback submitted successfully!", data: toTicket(ticket) }
}
