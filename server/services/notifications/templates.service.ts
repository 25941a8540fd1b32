import {
  isTemplateId,
  notificationTemplates,
  TEMPLATE_RESET,
  TEMPLATE_SAVED,
  templateIds,
  templateProblems,
  type TemplateId,
  type TemplateRequest,
} from "../../../src/api/contract/notifications/notification-templates.ts"
import type { Db } from "../../db/database.ts"
import { allTemplateWordings, latestFieldsOf, removeTemplateWording, saveTemplateWording } from "../../db/repositories/inbox.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { badRequest, notFound } from "../errors.ts"
import { appendEvent } from "../events.ts"
import { renderNotification } from "./queue.ts"
import { defaultTemplates } from "./template-defaults.ts"

const NO_TEMPLATE = "There is no email template with this id."

function toTemplate(id: TemplateId, own: { subject: string; body: string } | undefined) {
  const info = notificationTemplates[id]
  const wording = own ?? defaultTemplates[id]
  return {
    id,
    kind: info.kind,
    label: info.label,
    subject: wording.subject,
    body: wording.body,
    customised: own !== undefined,
    placeholders: info.placeholders.map((ph) => ({ name: ph.name, description: ph.description })),
  }
}

/** GET /notifications/templates: every email template, in the contract's order, as it is worded now. */
export async function listTemplates(db: Db) {
  const own = new Map((await allTemplateWordings(db)).map((row) => [row.id, { subject: row.subject, body: row.body }]))
  return { success: true, data: templateIds.map((id) => toTemplate(id, own.get(id))) }
}

/** Refused whole, with the field the problem is in: an empty part, a subject on two lines, an unknown placeholder. */
function checked(id: string, wording: TemplateRequest): TemplateId {
  if (!isTemplateId(id)) throw notFound(NO_TEMPLATE)
  const problems = templateProblems(id, wording)
  if (problems.subject) throw badRequest(`subject: ${problems.subject}`)
  if (problems.body) throw badRequest(`body: ${problems.body}`)
  return id
}

/** PUT /notifications/templates/:id: new mails use the Admin's wording from now on; the change is in the audit log. */
export async function saveTemplate(deps: { db: Db; now: () => number }, caller: Caller, id: string, wording: TemplateRequest) {
  const template = checked(id, wording)
  await deps.db.transaction().execute(async (trx) => {
    await saveTemplateWording(trx, { id: template, subject: wording.subject, body: wording.body, at: new Date(deps.now()), by: caller.id })
    await appendEvent(trx, { entityType: "notificationTemplate", entityId: template, type: "notificationTemplate.updated", actorId: caller.id, after: wording })
  })
  return { success: true, message: TEMPLATE_SAVED, data: toTemplate(template, wording) }
}

/** DELETE /notifications/templates/:id: back to the built-in wording (already there: nothing changes). */
export async function resetTemplate(deps: { db: Db }, caller: Caller, id: string) {
  if (!isTemplateId(id)) throw notFound(NO_TEMPLATE)
  await deps.db.transaction().execute(async (trx) => {
    if (await removeTemplateWording(trx, id))
      await appendEvent(trx, { entityType: "notificationTemplate", entityId: id, type: "notificationTemplate.reset", actorId: caller.id })
  })
  return { success: true, message: TEMPLATE_RESET, data: toTemplate(id, undefined) }
}

/**
 * POST /notifications/templates/:id/preview: the wording being edited, filled with the latest real
 * notification of this template (its secret links masked), or with example values before there is one.
 */
export async function previewTemplate(db: Db, id: string, wording: TemplateRequest) {
  const template = checked(id, wording)
  const real = await latestFieldsOf(db, template)
  const fields = real ?? exampleFields(template)
  return { success: true, data: { ...renderNotification(wording, fields), source: real ? ("record" as const) : ("example" as const) } }
}

const EXAMPLES: Record<string, string> = {
  name: "Asha Rao",
  with: "Vikram Mehta",
  topic: "Managing exam stress",
  agenda: "Sleep, routine and a study plan",
  when: "2026-12-01 09:30 UTC",
  duration: "45",
  ticketCode: "TKT-000042",
  ticketType: "General",
  rating: "4",
  status: "Approve",
  statusTitle: "Approved",
}

/** Before a template has told anyone anything: readable stand-ins, each naming what will go there. */
function exampleFields(id: TemplateId): Record<string, string> {
  return Object.fromEntries(notificationTemplates[id].placeholders.map((ph) => [ph.name, EXAMPLES[ph.name] ?? `[${ph.description}]`]))
}
