import { readdirSync } from "node:fs"
import { join } from "node:path"
import type { KyselyPlugin } from "kysely"
import type { Mailer } from "../../server/services/mail/mailer.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SIGNUP_ANSWER_MS } from "../../server/services/partner/partner-signup.service.ts"
import { multipart, solidPng } from "../fixtures/images.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { partnerFields } from "./partner-form.ts"
import { explainRefusals, FILE_CONTENT_REFUSAL } from "./openapi-validator.ts"
// Refusals of requests the API document calls valid, provoked here on purpose, with what explains each.
explainRefusals([
  FILE_CONTENT_REFUSAL,
  ["confirmPassword: must match password", "confirmPassword differs from password (a rule between two fields, stated in the form's description)"],
])

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

let address = 0
/** Each test signs up from its own address so the per-address limit only bites where it is tested. */
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`

/** A sign-up sent to `on` (the file's server unless a test starts its own). */
async function signUpOn(
  on: TestServer,
  fields: Record<string, string>,
  files: Array<[string, Buffer, string]> = [["certificationImg", solidPng(), "cert.png"]],
  ip = nextAddress(),
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const [field, data, name] of files) form.append(field, new Blob([new Uint8Array(data)], { type: "image/png" }), name)
  const { payload, headers } = await multipart(form)
  return on.app.inject({ method: "POST", url: "/api/v1/user/partnerSignup", payload, headers, remoteAddress: ip })
}
const signUp = (fields: Record<string, string>, files?: Array<[string, Buffer, string]>, ip?: string) => signUpOn(server, fields, files, ip)

const privateFiles = () => readdirSync(join(server.dataDir, "uploads", "private"))

describe("GET /config", () => {
  it("tells anyone where 'Sign up here' leads", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/v1/config" })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { partnerSignupUrl: "http://console.test/partner-signup", sessionNoticeHours: 12 } })
  })
})

describe("POST /user/partnerSignup", () => {
  it("creates a vendor Under Review with every field, a private certificate, an event and an email", async () => {
    const res = await signUp(partnerFields("farah.khan@example.org"))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({ success: true, message: expect.stringMatching(/under review/), data: { _id: expect.any(String), status: "Under Review" } })

    const token = await server.login("farah.khan@example.org", "Partner@123")
    const profile = (await server.app.inject({ method: "GET", url: "/api/v1/user/getProfile", headers: bearer(token) })).json().data
    expect(profile).toMatchObject({
      _id: body.data._id,
      name: "Farah Khan",
      role: "Counsellor",
      status: "Under Review",
      number: "9812345678",
      organizationId: null,
      organizationName: "Calm Minds Studio",
      pinCode: "400050",
      preferredContactMethod: "WhatsApp",
      AdditionalDetails: { qualifications: "M.A. Psychology", briefBio: "Counsellor for stress and relationships." },
      DocumentDetails: { registrationNumber: "RCI-88231", expirationDate: "2028-03-31", certificationImg: expect.stringMatching(/^[a-f0-9]{32}\.png$/) },
      // Stored whole, answered masked (issue 26): the full number only through a logged reveal.
      AccountDetails: { bankName: "HDFC Bank", ifscCode: "HDFC0001234", accountNumber: "••••6789" },
    })
    expect(privateFiles()).toContain(profile.DocumentDetails.certificationImg)

    const row = await server.db.selectFrom("users").select(["password_hash", "account_details"]).where("id", "=", body.data._id).executeTakeFirstOrThrow()
    expect(row.password_hash).toMatch(/^\$argon2id\$/)
    expect(row.account_details.accountNumber).toBe("50100123456789")

    const events = await server.db.selectFrom("events").selectAll().where("entity_id", "=", body.data._id).execute()
    expect(events.map((e) => e.type)).toEqual(["user.partnerSignedUp"])
    // A creation carries every field of the user (fold convention), but never the password or its hash.
    expect(events[0]!.after).toMatchObject({
      role: "Counsellor",
      status: "Under Review",
      email: "farah.khan@example.org",
      organization_name: "Calm Minds Studio",
    })
    expect(JSON.stringify(events[0])).not.toContain("Partner@123")
    expect(JSON.stringify(events[0])).not.toContain("argon2")

    const mail = await server.mailTo("farah.khan@example.org")
    expect(mail.text).toContain("Under Review")
    expect(mail.text).toContain("http://console.test/login")
  })

  it("makes no second account for the same email (any case) and keeps no file, but answers as for a new one and mails the owner", async () => {
    const first = await signUp(partnerFields("dup.partner@example.org"))
    const before = privateFiles().length
    const accounts = () => server.db.selectFrom("users").select("id").where("email", "ilike", "dup.partner@example.org").execute()
    expect(await accounts()).toHaveLength(1)
    const res = await signUp(partnerFields("DUP.Partner@example.org"))
    // The same answer as any sign-up, so the form cannot tell who has an account.
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, message: first.json().message, data: { status: "Under Review" } })
    expect(res.json().data._id).not.toBe(first.json().data._id)
    expect(await accounts()).toHaveLength(1)
    expect(privateFiles().length).toBe(before)
    const toldOwner = () => server.outbox().some((m) => m.to.includes("dup.partner@example.org") && m.text.includes("already has an account"))
    await expect.poll(toldOwner).toBe(true)
  })

  it.each([
    ["email", "not-an-email", "email: must be a valid email address"],
    ["role", "Admin", "role:"],
    ["pinCode", "4000", "pinCode: must be a 6-digit pin code"],
    ["number", "12ab", "number: must be a phone number of 10 to 15 digits"],
    ["ifscCode", "HDFC1234", "ifscCode: must be an 11-character IFSC code"],
    ["accountNumber", "12", "accountNumber: must be 9 to 18 digits"],
    ["expirationDate", "2028-02-30", "expirationDate: must be a real calendar date"],
    ["password", "short", "password: must be at least 8 characters"],
    ["confirmPassword", "Partner@124", "confirmPassword: must match password"],
    ["preferredContactMethod", "Pigeon", "preferredContactMethod:"],
  ])("answers 400 naming %s when it is malformed", async (field, value, message) => {
    const res = await signUp({ ...partnerFields(`bad.${field}@example.org`), [field]: value })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(message)
  })

  it("answers 400 naming a missing required field", async () => {
    const { city: _city, ...fields } = partnerFields("no.city@example.org")
    const res = await signUp(fields)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("city: is required")
  })

  it("requires the certification image, PNG or JPEG only, and refuses any other file", async () => {
    const missing = await signUp(partnerFields("no.cert@example.org"), [])
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe("certificationImg: is required")
    const html = await signUp(partnerFields("html.cert@example.org"), [["certificationImg", Buffer.from("<html><script>alert(1)</script>"), "cert.png"]])
    expect(html.statusCode).toBe(400)
    expect(html.json().message).toBe("certificationImg: only PNG, JPEG images are accepted")
    const extra = await signUp(partnerFields("extra.file@example.org"), [
      ["certificationImg", solidPng(), "a.png"],
      ["avatar", solidPng(), "b.png"],
    ])
    expect(extra.statusCode).toBe(400)
    expect(extra.json().message).toBe("avatar: unexpected file")
    const users = await server.db
      .selectFrom("users")
      .select("id")
      .where("email", "in", ["no.cert@example.org", "html.cert@example.org", "extra.file@example.org"])
      .execute()
    expect(users).toEqual([])
  })

  it("refuses a JSON body: the form is multipart", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/partnerSignup",
      payload: partnerFields("json@example.org"),
      remoteAddress: nextAddress(),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("body: must be multipart/form-data")
  })

  it("limits sign-ups per address: the 6th within an hour is 429, then allowed again", async () => {
    const ip = "10.77.0.1"
    for (let i = 0; i < 5; i++) expect((await signUp(partnerFields(`burst${i}@example.org`), undefined, ip)).statusCode).toBe(200)
    const sixth = await signUp(partnerFields("burst5@example.org"), undefined, ip)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().message).toBe("Too many sign-up attempts from this address. Please try again in an hour.")
    expect((await signUp(partnerFields("burst6@example.org"), undefined, "10.77.0.2")).statusCode).toBe(200)
    server.clock.now += 60 * 60 * 1000 + 1
    expect((await signUp(partnerFields("burst7@example.org"), undefined, ip)).statusCode).toBe(200)
  })
})

describe("GET /user/certificationImage/:userId", () => {
  let vendorId = ""
  beforeAll(async () => {
    vendorId = (await signUp(partnerFields("cert.owner@example.org"))).json().data._id
  })
  const get = (id: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url: `/api/v1/user/certificationImage/${id}`, headers })

  it("serves the image to the vendor themself and to the Admin, private and typed", async () => {
    for (const token of [await server.login("cert.owner@example.org", "Partner@123"), await server.login("admin@demo.test")]) {
      const res = await get(vendorId, bearer(token))
      expect(res.statusCode).toBe(200)
      expect(res.headers["content-type"]).toBe("image/png")
      expect(res.headers["cache-control"]).toBe("private, no-store")
      expect(res.headers["x-content-type-options"]).toBe("nosniff")
      expect(res.rawPayload.subarray(0, 8)).toEqual(solidPng().subarray(0, 8))
    }
  })

  it("refuses other vendors and users (403) and anonymous callers (401)", async () => {
    for (const email of ["lawyer@demo.test", "user@demo.test", "editor@demo.test"]) {
      const res = await get(vendorId, bearer(await server.login(email)))
      expect(res.statusCode, email).toBe(403)
      expect(res.json().message).toBe("Only the Admin and the vendor may see this certificate.")
    }
    expect((await get(vendorId)).statusCode).toBe(401)
  })

  it("answers 404 for an unknown person and for one without an image", async () => {
    const admin = bearer(await server.login("admin@demo.test"))
    expect((await get("no-such-user", admin)).json()).toEqual({ success: false, message: "User not found." })
    const lawyer = await server.db.selectFrom("users").select("id").where("email", "=", "lawyer@demo.test").executeTakeFirstOrThrow()
    const res = await get(lawyer.id, admin)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe("No certification image.")
  })
})

describe("a sign-up on a busy server", () => {
  let slow: TestServer
  let slowMail: TestServer
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  beforeAll(async () => {
    // Every insert answers after SIGNUP_ANSWER_MS: the account is written only after the answer's time is up.
    const slowInserts: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (args.result.numAffectedRows !== undefined) await wait(SIGNUP_ANSWER_MS + 100)
        return args.result
      },
    }
    slow = await startTestServer({ wrapDb: (db) => db.withPlugin(slowInserts) })
    // A mail server that takes twice the answer's time for each mail.
    const slowly = (inner: Mailer): Mailer => ({
      send: async (mail) => (await wait(2 * SIGNUP_ANSWER_MS), inner.send(mail)),
      withLog: (log) => slowly(inner.withLog(log)),
    })
    slowMail = await startTestServer({ wrapMailer: slowly })
  })
  afterAll(async () => {
    await slow.close()
    await slowMail.close()
  })

  it("answers only once the account is written: a sign-in straight after it gets in", async () => {
    const started = performance.now()
    const res = await signUpOn(slow, partnerFields("busy.partner@example.org"))
    expect(performance.now() - started).toBeGreaterThan(SIGNUP_ANSWER_MS + 100)
    expect(res.statusCode).toBe(200)
    const created = await slow.db.selectFrom("users").select("id").where("email", "=", "busy.partner@example.org").executeTakeFirst()
    expect(created?.id).toBe(res.json().data._id)
    expect(await slow.login("busy.partner@example.org", "Partner@123")).toEqual(expect.any(String))
  })

  it("does not wait for a slow mail server: the answer keeps its time and the mail follows", async () => {
    const res = await signUpOn(slowMail, partnerFields("slow.mail.partner@example.org"))
    expect(res.statusCode).toBe(200)
    // Each mail takes twice the answer's time, so the answer left before the first was out.
    expect(slowMail.outbox().filter((m) => m.to.includes("slow.mail.partner@example.org"))).toEqual([])
    expect(await slowMail.db.selectFrom("users").select("id").where("email", "=", "slow.mail.partner@example.org").executeTakeFirst()).toBeDefined()
    expect((await slowMail.mailTo("slow.mail.partner@example.org")).text).toContain("Under Review")
  })
})
