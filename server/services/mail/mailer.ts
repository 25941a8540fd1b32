import { mkdirSync, writeFileSync } from "node:fs"
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
  attachments?: MailAttachment[]
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
  const transport = nodemailer.createTransport(smtpUrl)
  const mailer: Mailer = {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
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
  const logging = (write: Log): Mailer => ({
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail })
      mkdirSync(outboxDir, { recursive: true })
      const name = `${Date.now()}-${String(++sequence).padStart(4, "0")}-${mail.to.replace(/[^a-z0-9@.]/gi, "_")}.eml`
      writeFileSync(join(outboxDir, name), info.message as Buffer)
      const links = logLinks ? (mail.text.match(/https?:\/\/\S+/g) ?? []) : []
      write(`mail to ${mail.to}: "${mail.subject}" written to outbox/${name}${links.length ? ` links: ${links.join(" ")}` : ""}`)
    },
    withLog: logging,
  })
  return logging(log)
}
