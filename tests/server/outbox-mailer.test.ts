import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { outboxMailer } from "../../server/services/mail/mailer.ts"

const root = mkdtempSync(join(tmpdir(), "outbox-mailer-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const mail = (subject: string, seq: string) => ({ to: "asha@demo.test", subject, text: `Body of ${subject}`, deliveryId: { key: `k/${seq}`, seq } })

describe("the no-SMTP mailer's outbox folder", () => {
  it("is made on the first mail and made again when it has gone since, so no mail is lost to a cleared folder", async () => {
    const dir = join(root, "outbox")
    const logged: string[] = []
    const mailer = outboxMailer(dir, "Console <no-reply@console.test>", (m) => logged.push(m))
    await mailer.send(mail("First", "1"))
    expect(readdirSync(dir)).toHaveLength(1)
    rmSync(dir, { recursive: true })
    await mailer.send(mail("Second", "2"))
    const files = readdirSync(dir)
    expect(files).toHaveLength(1)
    expect(readFileSync(join(dir, files[0]!), "utf8")).toContain("Subject: Second")
    // The same row again (a retry after a crash) replaces its file rather than adding one.
    await mailer.send(mail("Second", "2"))
    expect(readdirSync(dir)).toEqual(files)
    expect(logged).toHaveLength(3)
  })
})
