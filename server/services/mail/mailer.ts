import { createHash } from "node:crypto"
import { mkdir, rename, writeFile } from "node:fs/promises"
import { join } from "node:path"
import nodemailer from "nodemailer"

export interface MailAttachment {
  filename: string
  content: string | Buffer
  contentType: string
}

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: MailAttachment[]
  /**
   * The same for every attempt at one queued notification (its outbox row): SMTP sends it as the
   * Message-ID, so a receiver can drop a repeat; the .eml outbox names the file after it, so a repeat
   * replaces the file instead of adding one.
   */
  deliveryId?: { key: string; seq: string }
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  /**
   * The same mailer writing its log lines with `log`: a route passes its request's logger, so a
   * mail's line carries the request id (explicitly: AsyncLocalStorage did this, at the price of a
   * hook on every promise of every request).
   */
  withLog(log: Log): Mailer
}

export type Log = (message: string) => void

/** Real delivery through SMTP_URL. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Bounded well inside the outbox's 60-second claim: a mail server that stops answering fails the
  // attempt (to be retried) rather than holding the claim until another sender takes it over.
  const transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
  const mailer: Mailer = {
    async send({ deliveryId, ...mail }) {
      await transport.sendMail(envelopeOf(from, mail, deliveryId))
    },
    // It writes no log line of its own.
    withLog: () => mailer,
  }
  return mailer
}

/**
 * Without SMTP every message becomes an .eml file in DATA_DIR/outbox and its links are logged,
 * so the reset and invitation flows work on a laptop with no mail server. The links are secrets
 * (a reset link signs in whoever has it): `logLinks: false` (LOG_MAIL_LINKS=false) keeps them out.
 */
export function outboxMailer(outboxDir: string, from: string, log: Log, options: { logLinks?: boolean } = {}): Mailer {
  const logLinks = options.logLinks ?? true
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" })
  let sequence = 0
  // The folder is made once, not before every mail (a recursive mkdir per mail was a main-thread cost of its own under
  // a burst of writes); when it has gone since (cleared by hand), the write fails and makes it again.
  let folder: Promise<unknown> | null = null
  const inFolder = async (write: () => Promise<void>) => {
    await (folder ??= mkdir(outboxDir, { recursive: true }))
    try {
      await write()
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
      await (folder = mkdir(outboxDir, { recursive: true }))
      await write()
    }
  }
  const logging = (write: Log): Mailer => ({
    async send({ deliveryId, ...mail }) {
      const info = await transport.sendMail(envelopeOf(from, mail, deliveryId))
      // Asynchronous: a burst of writes each sending mail no longer holds the event loop for a file system call
      // per mail (the main thread's third largest cost under issue 31's write load, after its sockets).
      const recipient = mail.to.replace(/[^a-z0-9@.]/gi, "_")
      // A queued mail's file is named by its row, so a second attempt at it (after a crash between the
      // write and the row marked sent) replaces the file, never adds one. Written whole, then renamed.
      const name = deliveryId
        ? `q${deliveryId.seq.padStart(12, "0")}-${createHash("sha256").update(deliveryId.key).digest("hex").slice(0, 12)}-${recipient}.eml`
        : `${Date.now()}-${String(++sequence).padStart(4, "0")}-${recipient}.eml`
      const partial = join(outboxDir, `.${name}.${process.pid}`)
      await inFolder(async () => {
        await writeFile(partial, info.message as Buffer)
        await rename(partial, join(outboxDir, name))
      })
      const links = logLinks ? (mail.text.match(/https?:\/\/\S+/g) ?? []) : []
      write(`mail to ${mail.to}: "${mail.subject}" written to outbox/${name}${links.length ? ` links: ${links.join(" ")}` : ""}`)
    },
    withLog: logging,
  })
  return logging(log)
}

/** What nodemailer sends: the mail from `from`, with the queued row's Message-ID when it has one. */
const envelopeOf = (from: string, mail: Omit<Mail, "deliveryId">, deliveryId: Mail["deliveryId"]) => ({
  from,
  ...mail,
  ...(deliveryId ? { messageId: messageIdOf(deliveryId.key, from) } : {}),
})

/** One Message-ID per queued notification, on the sender's own domain. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "console.local"
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${domain}>`
}
