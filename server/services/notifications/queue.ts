import { randomUUID } from "node:crypto"
import type { Db } from "../../db/database.ts"
import { insertQueued, type ClaimedMail } from "../../db/repositories/outbox.repository.ts"
import type { MailAttachment, Mailer } from "../mail/mailer.ts"
import type { Postman } from "./postman.ts"
import { notificationKinds } from "../../../src/api/contract/notifications/notification.ts"
import { notificationTemplates, renderTemplate, type TemplateId } from "../../../src/api/contract/notifications/notification-templates.ts"
import { insertInbox, mailChoices, templateWordings } from "../../db/repositories/inbox.repository.ts"
import { defaultTemplates } from "./template-defaults.ts"
import type { LiveHub } from "../live/live-hub.ts"
import { htmlOf } from "./mail-html.ts"
import { linkOf } from "./links.ts"

/**
 * One notification to one person: which email template tells it, and the record's fields that fill
 * the template's placeholders (its kind is the template's).
 */
export interface Notification {
  template: TemplateId
  fields: Readonly<Record<string, string>>
  /** The record it is about; the mail and the in-app notification link to it. */
  entity: { type: string; id: string }
  to: string
  attachments?: MailAttachment[]
  /** The in-app notification's words, when the subject is not right there (it defaults to the subject). */
  title?: string
}

/** What a change queued: the mails to deliver, and the people whose bell has something new. */
export interface Queued {
  mail: string[]
  /** Those of `mail` queued already claimed for this process's postman (queueNotifications' `sender`). */
  held?: readonly ClaimedMail[]
  people: string[]
}
export const NOTHING_QUEUED: Queued = { mail: [], people: [] }
export const bothQueued = (a: Queued, b: Queued): Queued => ({
  mail: [...a.mail, ...b.mail],
  held: [...(a.held ?? []), ...(b.held ?? [])],
  people: [...new Set([...a.people, ...b.people])],
})

/**
 * Queues notifications in the caller's transaction, so they commit (or roll back) with the change
 * they tell of: each recipient with an account gets an in-app notification, and a mail unless they
 * switched that kind's mail off. Answers what to deliver once the change has committed (deliverQueued);
 * whatever cannot be delivered then, the postman retries.
 *
 * With the `sender` that delivers them after the commit (the request's postman), the mails are queued claimed
 * for it, so it sends them without a statement to claim them first: a write's one round trip fewer.
 */
export async function queueNotifications(trx: Db, at: Date, notifications: Notification[], sender?: Pick<Postman, "leaseMs">): Promise<Queued> {
  if (notifications.length === 0) return NOTHING_QUEUED
  const accounts = await accountsOf(
    trx,
    notifications.map((n) => n.to),
  )
  const choices = await mailChoices(trx, [...new Set(accounts.values())])
  const wordings = await templateWordings(trx, [...new Set(notifications.map((n) => n.template))])
  const told = notifications.map((n) => {
    const kind = notificationTemplates[n.template].kind
    const { subject, text } = renderNotification(wordings.get(n.template) ?? defaultTemplates[n.template], n.fields)
    return { ...n, kind, subject, text, userId: accounts.get(n.to.toLowerCase()) }
  })
  const wantsMail = (n: (typeof told)[number]) => {
    const info = notificationKinds[n.kind]
    return !n.userId || !info.mailOptional || (choices.get(`${n.userId}/${n.kind}`) ?? info.mailByDefault)
  }
  const inApp = told.flatMap((n) =>
    n.userId
      ? [
          {
            userId: n.userId,
            kind: n.kind,
            template: n.template,
            fields: keptFields(n.template, n.fields),
            entityType: n.entity.type,
            entityId: n.entity.id,
            title: n.title ?? n.subject,
            link: linkOf(n.kind, n.entity),
          },
        ]
      : [],
  )
  await insertInbox(trx, inApp, at)
  const mail = await insertQueued(
    trx,
    told.filter(wantsMail).map((n) => ({
      kind: n.kind,
      // One row per transition and recipient; the id keeps two transitions of one record apart.
      key: `${n.kind}/${n.entity.id}/${n.to.toLowerCase()}/${randomUUID()}`,
      recipient: n.to,
      entityType: n.entity.type,
      entityId: n.entity.id,
      subject: n.subject,
      message: {
        text: n.text,
        html: htmlOf(n.subject, n.text),
        ...(n.attachments ? { attachments: n.attachments.map((a) => ({ ...a, content: String(a.content) })) } : {}),
      },
    })),
    at,
    sender ? new Date(at.getTime() + sender.leaseMs) : undefined,
  )
  return { mail: mail.ids, held: mail.held, people: [...new Set(inApp.map((e) => e.userId))] }
}

/** A template filled with a record's fields: the subject on one line, the body as written. */
export function renderNotification(wording: { subject: string; body: string }, fields: Readonly<Record<string, string>>): { subject: string; text: string } {
  return { subject: renderTemplate(wording.subject, fields).replace(/\s+/g, " ").trim(), text: renderTemplate(wording.body, fields) }
}

/** What an in-app row keeps of the fields (for previews with a real record): never a link that lets its holder in. */
export const SECRET_STAND_IN = "(a single-use link, not kept once sent)"
function keptFields(template: TemplateId, fields: Readonly<Record<string, string>>): Record<string, string> {
  const secret = new Set(notificationTemplates[template].placeholders.flatMap((ph) => ("secret" in ph ? [ph.name] : [])))
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, secret.has(key) ? SECRET_STAND_IN : value]))
}

/** The accounts of these addresses, by lower-cased address (the unique index is on lower(email)). */
async function accountsOf(trx: Db, emails: string[]): Promise<Map<string, string>> {
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))]
  const rows = await trx
    .selectFrom("users")
    .select(["id", (eb) => eb.fn<string>("lower", ["email"]).as("email")])
    .where((eb) => eb(eb.fn("lower", ["email"]), "in", lowered))
    .execute()
  return new Map(rows.map((row) => [row.email, row.id]))
}

/** What a service needs to queue notifications and deliver them before it answers. */
export interface NotifyDeps {
  /** The request's mailer (it logs with the request's id). */
  mailer: Mailer
  postman: Postman
  /** Tells each person's open tabs that their bell has something new. */
  live: LiveHub
  publicUrl: string
}

/** Delivers what a committed change queued; false when some mail is left to the postman's retries. */
export const deliverQueued = (deps: Pick<NotifyDeps, "mailer" | "postman" | "live">, queued: Queued): Promise<boolean> => {
  announceInbox(deps, queued)
  return deps.postman.deliver(queued.mail, deps.mailer, queued.held)
}

/**
 * Starts delivering what a committed change queued without waiting for it: for steps whose answer
 * does not speak of the mail (a ticket's chat), so a slow mail server never slows them.
 */
export const deliverSoon = (deps: Pick<NotifyDeps, "mailer" | "postman" | "live">, queued: Queued): void => {
  announceInbox(deps, queued)
  if (queued.mail.length > 0) void deps.postman.deliver(queued.mail, deps.mailer, queued.held)
}

const announceInbox = (deps: Pick<NotifyDeps, "live">, queued: Queued) => {
  if (queued.people.length > 0) deps.live.publish({ users: queued.people }, { type: "notification.new" })
}
