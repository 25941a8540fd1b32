import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./harness.ts"
import { call } from "./counselling-fixtures.ts"
import { explainRefusals } from "./openapi-validator.ts"
import { templateIds } from "../../src/api/contract/notifications/notification-templates.ts"
import { SECRET_STAND_IN } from "../../server/services/notifications/queue.ts"

explainRefusals([
  [/^body: \{\{\w+\}\} is not a placeholder of this email\. Use one of: /, "a placeholder the template does not have (each template lists its own)"],
  [/^(subject|body): (Subject|Body) has a placeholder that is not closed/, "a {{ without its }}"],
  ["subject: Subject must be on one line.", "a subject with a line break"],
  ["subject: Subject is required.", "a subject of spaces only"],
])

/** Email templates (issue 23): an Admin rewords any email; new mails use it; a preview fills it with a real record. */
let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

type Template = {
  id: string
  kind: string
  label: string
  subject: string
  body: string
  customised: boolean
  placeholders: Array<{ name: string; description: string }>
}
const list = async () => (await call(server, admin, "GET", "/notifications/templates")).json().data as Template[]
const put = (id: string, wording: { subject: string; body: string }) =>
  server.app.inject({ method: "PUT", url: `/api/v1/notifications/templates/${id}`, payload: wording, headers: { authorization: `Bearer ${admin}` } })
const preview = (id: string, wording: { subject: string; body: string }) => call(server, admin, "POST", `/notifications/templates/${id}/preview`, wording)

describe("email templates", () => {
  it("lists every template with its default wording and placeholders, to Admins only", async () => {
    const templates = await list()
    expect(templates.map((t) => t.id)).toEqual(templateIds)
    const status = templates.find((t) => t.id === "vendor.statusChanged")!
    expect(status).toMatchObject({
      kind: "vendor.statusChanged",
      label: "Vendor status changed",
      subject: "Your partner account: {{statusTitle}}",
      customised: false,
    })
    expect(status.placeholders.map((p) => p.name)).toEqual(["name", "status", "statusTitle", "statusMessage", "loginUrl", "profileUrl"])
    expect((await call(server, await server.login("lawyer@demo.test"), "GET", "/notifications/templates")).statusCode).toBe(403)
  })

  it("sends new mails in the Admin's wording, logs the change, and goes back to the default on reset", async () => {
    const vendor = await server.db
      .selectFrom("users")
      .select(["id", "email", "name"])
      .where("status", "=", "Under Review")
      .where("role", "=", "Lawyer")
      .executeTakeFirstOrThrow()
    const saved = await put("vendor.statusChanged", {
      subject: "{{ statusTitle }}: your account",
      body: "Dear {{name}},\n\n{{statusMessage}}\n\nSee {{profileUrl}}\n",
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({
      message: "Template saved. New emails use it from now on.",
      data: { customised: true, subject: "{{ statusTitle }}: your account" },
    })
    expect((await list()).find((t) => t.id === "vendor.statusChanged")!.customised).toBe(true)
    const event = await server.db
      .selectFrom("events")
      .select(["type", "actor_id"])
      .where("entity_type", "=", "notificationTemplate")
      .where("entity_id", "=", "vendor.statusChanged")
      .executeTakeFirstOrThrow()
    expect(event.type).toBe("notificationTemplate.updated")

    expect((await call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Temp Approve" })).statusCode).toBe(200)
    const mail = server
      .outbox()
      .filter((m) => m.to.includes(vendor.email))
      .at(-1)!
    expect(mail.raw).toMatch(/Subject: Temporarily approved: your account/)
    expect(mail.text).toContain(`Dear ${vendor.name},`)
    expect(mail.text).toContain("See http://console.test/profile")

    const reset = await call(server, admin, "DELETE", "/notifications/templates/vendor.statusChanged")
    expect(reset.json()).toMatchObject({
      message: "Template reset to its default wording.",
      data: { customised: false, subject: "Your partner account: {{statusTitle}}" },
    })
    expect((await call(server, admin, "PATCH", "/user/updateUser", { userId: vendor.id, status: "Approve" })).statusCode).toBe(200)
    expect(
      server
        .outbox()
        .filter((m) => m.to.includes(vendor.email))
        .at(-1)!.raw,
    ).toMatch(/Subject: Your partner account: Approved/)
  })

  it("refuses a placeholder the email does not have, an open {{, an empty or two-line subject, and saves nothing", async () => {
    const cases: Array<[{ subject: string; body: string }, RegExp | string]> = [
      [{ subject: "Hi", body: "Hello {{nmae}}" }, /^body: \{\{nmae\}\} is not a placeholder of this email\. Use one of: \{\{name\}\}, \{\{status\}\}/],
      [{ subject: "Hi {{name", body: "Hello" }, "subject: Subject has a placeholder that is not closed: write it as {{name}}."],
      [{ subject: "Hi\nthere", body: "Hello" }, "subject: Subject must be on one line."],
      [{ subject: "   ", body: "Hello" }, "subject: Subject is required."],
    ]
    for (const [wording, message] of cases) {
      const res = await put("vendor.statusChanged", wording)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    }
    expect((await list()).find((t) => t.id === "vendor.statusChanged")!.customised).toBe(false)
    expect((await put("no.such.template", { subject: "a", body: "b" })).statusCode).toBe(400)
  })

  it("previews a wording with the latest real record, its secret links masked, or with examples before there is one", async () => {
    const example = (await preview("enquiry.received.counselling", { subject: "From {{enquirerName}}", body: "Hi {{name}}: {{link}}" })).json().data
    expect(example).toEqual({ subject: "From [The enquirer's name]", text: "Hi Asha Rao: [The 1:1 Counselling page]", source: "example" })

    await server.app.inject({ method: "POST", url: "/api/v1/user/reset-password-link", payload: { email: "editor@demo.test" }, remoteAddress: "198.51.100.77" })
    // The reset link's call answers after a fixed time whatever it did; its record may be written just after.
    const previewReset = async () => (await preview("password.resetRequested", { subject: "Reset for {{name}}", body: "Link: {{resetUrl}}" })).json().data
    await expect.poll(async () => (await previewReset()).source).toBe("record")
    const real = await previewReset()
    expect(real.subject).toMatch(/^Reset for \S/)
    expect(real.text).toBe(`Link: ${SECRET_STAND_IN}`)
    expect((await preview("password.resetRequested", { subject: "x", body: "{{token}}" })).statusCode).toBe(400)
  })
})
