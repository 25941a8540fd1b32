import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { multipart, solidPng } from "../fixtures/images.ts"
import { partnerFields, partnerForm } from "./partner-form.ts"
import { explainRefusals } from "./openapi-validator.ts"
import { CHANGE_APPROVED, CHANGE_REJECTED, NO_PENDING_CHANGE, PROFILE_SAVED, profileSavedForReview } from "../../src/api/contract/vendors/profile-change.ts"

/**
 * Issue 26, vendors' self-service: a vendor edits their own profile; once approved, a change to a reviewed
 * field waits for an Admin (the approved value stays live), who sees it beside the approved value and
 * approves or rejects it. Every step is an event, and each side is told.
 */
explainRefusals([["profileImg: only PNG, JPEG images are accepted", "the file says image/png but its bytes are SVG text: uploads are checked by content"]])

let server: TestServer
let admin: string
const ids: Record<string, string> = {}
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  for (const email of ["lawyer@demo.test", "counsellor@demo.test", "nutritionist@demo.test", "yogateacher@demo.test"]) {
    ids[email] = (await server.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id
    tokens[email] = await server.login(email)
  }
  // The nutritionist has not been reviewed yet: nothing of theirs is approved.
  await server.db.updateTable("users").set({ status: "Under Review" }).where("id", "=", ids["nutritionist@demo.test"]!).execute()
})
afterAll(() => server.close())

/** The whole edit form, as the console sends it: the sign-up's fields less role, email and password. */
function editFields(overrides: Record<string, string> = {}): Record<string, string> {
  const { role: _r, email: _e, password: _p, confirmPassword: _c, ...fields } = partnerFields("unused@example.org")
  return { ...fields, ...overrides }
}

/** The vendor's current values as the form would load them (so only what a test names changes). */
async function currentFields(email: string, overrides: Record<string, string> = {}) {
  const p = (await get("/user/getProfile", tokens[email]!)).json().data
  const a = p.AdditionalDetails ?? {}
  const d = p.DocumentDetails ?? {}
  const b = p.AccountDetails ?? {}
  const row = await server.db.selectFrom("users").select("account_details").where("email", "=", email).executeTakeFirstOrThrow()
  return editFields({
    name: p.name,
    number: p.number ?? "9812345678",
    address: p.address ?? "",
    city: p.city ?? "",
    pinCode: p.pinCode ?? "400050",
    state: p.state ?? "",
    language: p.language ?? "",
    experience: p.experience ?? "",
    preferredContactMethod: p.preferredContactMethod ?? "Email",
    organizationName: p.organizationName ?? "",
    qualifications: a.qualifications ?? "",
    briefBio: a.briefBio ?? "",
    serviceDescription: a.serviceDescription ?? "",
    registrationNumber: d.registrationNumber ?? "",
    certificationName: d.certificationName ?? "",
    issuingAuthority: d.issuingAuthority ?? "",
    certificationNumber: d.certificationNumber ?? "",
    expirationDate: d.expirationDate ?? "",
    accountHolderName: b.accountHolderName ?? "",
    bankName: b.bankName ?? "",
    ifscCode: b.ifscCode ?? "",
    accountNumber: row.account_details.accountNumber ?? "",
    ...overrides,
  })
}

const get = (url: string, token: string) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(token) })
const post = (url: string, token: string, payload?: object) =>
  server.app.inject({ method: "POST", url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

async function edit(email: string, fields: Record<string, string>, files: Array<{ field: string; png: Buffer }> = []) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.png)], { type: "image/png" }), `${f.field}.png`)
  const body = await multipart(form)
  return server.app.inject({ method: "PATCH", url: "/api/v1/user/profile", headers: { ...bearer(tokens[email]!), ...body.headers }, payload: body.payload })
}

/** The Admin's role list's marker for this vendor (issue 26): true while their change waits, absent otherwise. */
async function markedOnList(role: string, email: string): Promise<boolean | undefined> {
  const people: Array<{ email: string; changesUnderReview?: boolean }> = (await get(`/user/${role}?search=${encodeURIComponent(email)}`, admin)).json().data
  const person = people.find((p) => p.email === email)
  if (!person) throw new Error(`${email} is not on the ${role} list`)
  return person.changesUnderReview
}

const row = (email: string) => server.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow()
const eventsOf = (type: string, entityId?: string) => {
  let q = server.db.selectFrom("events").selectAll().where("type", "=", type)
  if (entityId) q = q.where("entity_id", "=", entityId)
  return q.execute()
}

describe("a vendor's own profile", () => {
  it("changes at once for fields nobody reviews, with an event, even for an approved vendor", async () => {
    const answer = await edit("lawyer@demo.test", await currentFields("lawyer@demo.test", { city: "Pune", briefBio: "Family law, twelve years." }))
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ success: true, message: PROFILE_SAVED, data: { change: null } })
    expect(answer.json().data.profile).toMatchObject({ city: "Pune", AdditionalDetails: { briefBio: "Family law, twelve years." } })
    const after = await row("lawyer@demo.test")
    expect(after.city).toBe("Pune")
    const [event] = await eventsOf("user.profileUpdated", ids["lawyer@demo.test"])
    expect(event).toMatchObject({ actor_id: ids["lawyer@demo.test"] })
    expect(Object.keys(event!.after as object).sort()).toEqual(["additional_details", "city"])
  })

  it("keeps an approved vendor's approved values live and puts changes to reviewed fields under review", async () => {
    const before = await row("lawyer@demo.test")
    // Read (and cached) unmarked first: the change itself must clear the list's cached answer.
    expect(await markedOnList("Lawyer", "lawyer@demo.test")).toBeUndefined()
    const fields = await currentFields("lawyer@demo.test", { bankName: "Axis Bank", accountNumber: "912345678901", name: "Vikram S. Lawyer" })
    const answer = await edit("lawyer@demo.test", fields)
    expect(answer.statusCode).toBe(200)
    expect(await markedOnList("Lawyer", "lawyer@demo.test")).toBe(true)
    expect(answer.json().message).toBe(profileSavedForReview(3))
    const change = answer.json().data.change
    expect(change).toMatchObject({ status: "pending", reason: null, decidedAt: null })
    expect(change.lines).toEqual([
      { field: "name", label: "Full Name", approved: before.name, proposed: "Vikram S. Lawyer" },
      { field: "bankName", label: "Bank Name", approved: before.account_details.bankName, proposed: "Axis Bank" },
      { field: "accountNumber", label: "Account Number", approved: `••••${before.account_details.accountNumber!.slice(-4)}`, proposed: "••••8901" },
    ])
    const now = await row("lawyer@demo.test")
    expect(now.name).toBe(before.name)
    expect(now.account_details).toEqual(before.account_details)
    // Nothing of the full numbers leaves the server, events included.
    expect(JSON.stringify(answer.json())).not.toContain("912345678901")
    const [submitted] = await eventsOf("profileChange.submitted")
    expect(JSON.stringify(submitted)).not.toContain("912345678901")
    expect(submitted).toMatchObject({ entity_type: "profileChange", entity_id: change._id, actor_id: ids["lawyer@demo.test"] })
    // The Admins hear of it in the console.
    const inbox = await server.db.selectFrom("inbox").select(["kind", "link"]).where("kind", "=", "profileChange.submitted").execute()
    expect(inbox).toContainEqual({ kind: "profileChange.submitted", link: `/vendor-details/${ids["lawyer@demo.test"]}` })
  })

  it("shows the pending change to its vendor and to the Admin, and to nobody else", async () => {
    const own = (await get("/user/profile/change", tokens["lawyer@demo.test"]!)).json().data
    const adminView = (await get(`/user/vendorDetails/${ids["lawyer@demo.test"]}/change`, admin)).json().data
    expect(adminView).toEqual(own)
    expect(own.lines.map((l: { field: string }) => l.field)).toEqual(["name", "bankName", "accountNumber"])
    expect((await get(`/user/vendorDetails/${ids["lawyer@demo.test"]}/change`, tokens["counsellor@demo.test"]!)).statusCode).toBe(403)
    expect((await get(`/user/vendorDetails/${ids["counsellor@demo.test"]}/change`, admin)).json().data).toBeNull()
    const editor = await server.login("editor@demo.test")
    expect((await edit("lawyer@demo.test", {})).statusCode).toBe(400)
    expect((await server.app.inject({ method: "GET", url: "/api/v1/user/profile/change", headers: bearer(editor) })).statusCode).toBe(403)
  })

  it("replaces the pending change on a second edit, and drops a field set back to its approved value", async () => {
    const before = await row("lawyer@demo.test")
    const fields = await currentFields("lawyer@demo.test", { bankName: "Axis Bank", accountNumber: before.account_details.accountNumber!, name: before.name })
    const answer = await edit("lawyer@demo.test", fields)
    expect(answer.json().message).toBe(profileSavedForReview(1))
    expect(answer.json().data.change.lines.map((l: { field: string }) => l.field)).toEqual(["bankName"])
    const pending = await server.db
      .selectFrom("profile_changes")
      .selectAll()
      .where("status", "=", "pending")
      .where("vendor_id", "=", ids["lawyer@demo.test"]!)
      .execute()
    expect(pending).toHaveLength(1)
    expect(await eventsOf("profileChange.updated", pending[0]!.id)).toHaveLength(1)
  })

  it("applies an approved change: the new values go live, with an event on the vendor, and the vendor is mailed", async () => {
    const sent = server.outbox().length
    const answer = await post(`/user/vendorDetails/${ids["lawyer@demo.test"]}/change/approve`, admin)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ success: true, message: CHANGE_APPROVED, data: { status: "approved" } })
    expect((await row("lawyer@demo.test")).account_details.bankName).toBe("Axis Bank")
    expect(await markedOnList("Lawyer", "lawyer@demo.test")).toBeUndefined()
    const [applied] = await eventsOf("user.profileChangeApproved", ids["lawyer@demo.test"])
    expect(applied!.after).toMatchObject({ account_details: { bankName: "Axis Bank" } })
    const mail = await server.mailTo("lawyer@demo.test", sent)
    expect(mail.text).toContain("were approved")
    expect(mail.text).toContain("Bank Name")
    // Decided once: a second decision finds nothing pending.
    const again = await post(`/user/vendorDetails/${ids["lawyer@demo.test"]}/change/approve`, admin)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(NO_PENDING_CHANGE)
    // The vendor reads the decision until the next edit.
    expect((await get("/user/profile/change", tokens["lawyer@demo.test"]!)).json().data).toMatchObject({ status: "approved" })
  })

  it("keeps the approved values when an Admin rejects a change, and tells the vendor why", async () => {
    const email = "counsellor@demo.test"
    const before = await row(email)
    await edit(email, await currentFields(email, { certificationNumber: "CERT-NEW-1" }), [{ field: "certificationImg", png: solidPng(6, 6, [200, 10, 10]) }])
    const pending = (await get(`/user/vendorDetails/${ids[email]}/change`, admin)).json().data
    expect(pending.lines.map((l: { field: string }) => l.field)).toEqual(["certificationNumber", "certificationImg"])
    // The Admin sees the new proof before deciding; the current one is unchanged meanwhile.
    const proof = await get(`/user/profileChange/${ids[email]}/certificationImage`, admin)
    expect(proof.statusCode).toBe(200)
    expect(proof.headers["content-type"]).toBe("image/png")
    expect((await get(`/user/profileChange/${ids[email]}/certificationImage`, tokens["lawyer@demo.test"]!)).statusCode).toBe(403)
    expect((await post(`/user/vendorDetails/${ids[email]}/change/reject`, admin, { reason: "  " })).statusCode).toBe(400)
    const sent = server.outbox().length
    const answer = await post(`/user/vendorDetails/${ids[email]}/change/reject`, admin, { reason: "The certificate number does not match the image." })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ message: CHANGE_REJECTED, data: { status: "rejected", reason: "The certificate number does not match the image." } })
    const after = await row(email)
    expect(after.document_details).toEqual(before.document_details)
    expect(await markedOnList("Counsellor", email)).toBeUndefined()
    expect((await server.mailTo(email, sent)).text).toContain("Reason: The certificate number does not match the image.")
    expect((await get("/user/profile/change", tokens[email]!)).json().data).toMatchObject({ status: "rejected" })
  })

  it("lets the vendor withdraw a pending change, once", async () => {
    const email = "yogateacher@demo.test"
    await edit(email, await currentFields(email, { ifscCode: "SBIN0004321" }))
    expect(await markedOnList("YogaTeacher", email)).toBe(true)
    const call = () => server.app.inject({ method: "DELETE", url: "/api/v1/user/profile/change", headers: bearer(tokens[email]!) })
    const first = await call()
    expect(first.statusCode).toBe(200)
    expect(first.json().data.status).toBe("withdrawn")
    expect((await call()).statusCode).toBe(409)
    expect((await get("/user/profile/change", tokens[email]!)).json().data).toBeNull()
    expect(await markedOnList("YogaTeacher", email)).toBeUndefined()
    expect((await post(`/user/vendorDetails/${ids[email]}/change/approve`, admin)).statusCode).toBe(409)
  })

  it("applies everything at once for a vendor nobody has approved yet", async () => {
    const email = "nutritionist@demo.test"
    const answer = await edit(email, await currentFields(email, { bankName: "Kotak Bank", certificationName: "Registered Dietitian" }), [
      { field: "profileImg", png: solidPng(10, 10) },
    ])
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ message: PROFILE_SAVED, data: { change: null } })
    const after = await row(email)
    expect(after.account_details.bankName).toBe("Kotak Bank")
    expect(after.document_details.certificationName).toBe("Registered Dietitian")
    // The avatar is public: served from /uploads like content images.
    const avatar = after.additional_details.profileImg!
    expect(avatar).toMatch(/^[a-f0-9]{32}\.png$/)
    expect((await server.app.inject({ method: "GET", url: `/uploads/${avatar}` })).statusCode).toBe(200)
  })

  it("refuses bad input in words, storing nothing", async () => {
    const email = "nutritionist@demo.test"
    const before = await row(email)
    const bad = await edit(email, await currentFields(email, { ifscCode: "nope", city: "Goa" }))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain("ifscCode")
    const notImage = new FormData()
    for (const [k, v] of Object.entries(await currentFields(email))) notImage.append(k, v)
    notImage.append("profileImg", new Blob([new TextEncoder().encode("<svg/>")], { type: "image/png" }), "x.png")
    const body = await multipart(notImage)
    const refused = await server.app.inject({
      method: "PATCH",
      url: "/api/v1/user/profile",
      headers: { ...bearer(tokens[email]!), ...body.headers },
      payload: body.payload,
    })
    expect(refused.statusCode).toBe(400)
    expect(await row(email)).toEqual(before)
  })
})

describe("a vendor's onboarding checklist", () => {
  const email = "onboarding.partner@example.org"
  let token: string
  let id: string
  const checklist = async () => (await get("/user/onboarding", token)).json().data
  const reviewRow = async () =>
    ((await get(`/user/allUsers/pending?search=${encodeURIComponent(email)}`, admin)).json().data as Array<{ email: string; onboarding?: unknown }>).find(
      (r) => r.email === email,
    )?.onboarding

  beforeAll(async () => {
    const form = await partnerForm(email)
    const signup = await server.app.inject({ method: "POST", url: "/api/v1/user/partnerSignup", headers: form.headers, payload: form.payload })
    expect(signup.statusCode).toBe(200)
    token = await server.login(email, "Partner@123")
    id = (await server.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id
  })

  it("says what a new partner still has to give, and the Under Review list shows how far they are", async () => {
    expect(await checklist()).toEqual({
      steps: [
        { step: "profile", label: "Profile complete", status: "todo", missing: ["Profile Picture"] },
        { step: "documents", label: "Documents uploaded", status: "done", missing: [] },
        { step: "bank", label: "Bank details", status: "done", missing: [] },
        { step: "availability", label: "Availability set", status: "todo", missing: ["Your bookable hours"] },
      ],
      done: 2,
      total: 4,
    })
    expect(await reviewRow()).toEqual({ done: 2, total: 4 })
  })

  it("follows the vendor's own edits and hours, on the cached review list too", async () => {
    tokens[email] = token
    ids[email] = id
    const picture = await edit(email, await currentFields(email), [{ field: "profileImg", png: solidPng(12, 12) }])
    expect(picture.statusCode).toBe(200)
    expect((await checklist()).steps[0]).toMatchObject({ step: "profile", status: "done" })
    expect(await reviewRow()).toEqual({ done: 3, total: 4 })
    const tomorrow = new Date(server.clock.now + 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    const hours = await server.app.inject({
      method: "PUT",
      url: "/api/v1/availability",
      headers: bearer(token),
      payload: { days: [{ date: tomorrow, slots: ["10:00"] }] },
    })
    expect(hours.statusCode).toBe(200)
    expect(await checklist()).toMatchObject({ done: 4, total: 4 })
    expect(await reviewRow()).toEqual({ done: 4, total: 4 })
  })

  it("counts what an approved vendor's pending change gives as under review, not done", async () => {
    await server.db.updateTable("users").set({ status: "Temp Approve" }).where("id", "=", id).execute()
    const { document_details } = await server.db.selectFrom("users").select("document_details").where("id", "=", id).executeTakeFirstOrThrow()
    await server.db
      .updateTable("users")
      .set({ document_details: JSON.stringify({ ...document_details, certificationNumber: null }) })
      .where("id", "=", id)
      .execute()
    expect((await checklist()).steps[1]).toEqual({ step: "documents", label: "Documents uploaded", status: "todo", missing: ["Certification Number"] })
    await edit(email, await currentFields(email, { certificationNumber: "CERT-77" }))
    expect((await checklist()).steps[1]).toEqual({ step: "documents", label: "Documents uploaded", status: "review", missing: ["Certification Number"] })
    expect((await get("/user/onboarding", admin)).statusCode).toBe(403)
  })
})

describe("profile changes under parallel load", () => {
  it("keeps one pending change per vendor when many edits arrive at once, and decides it once when many Admins approve at once", async () => {
    const email = "imageconsultant@demo.test"
    tokens[email] = await server.login(email)
    ids[email] = (await server.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id
    const base = await currentFields(email)
    const edits = await Promise.all(Array.from({ length: 8 }, (_, i) => edit(email, { ...base, bankName: `Parallel Bank ${i}` })))
    expect(edits.map((e) => e.statusCode)).toEqual(Array(8).fill(200))
    const pending = await server.db.selectFrom("profile_changes").selectAll().where("vendor_id", "=", ids[email]!).where("status", "=", "pending").execute()
    expect(pending).toHaveLength(1)
    // The one left is the last edit the database took: one of those sent.
    expect(pending[0]!.changes.bankName).toMatch(/^Parallel Bank [0-7]$/)

    const decisions = await Promise.all(Array.from({ length: 6 }, () => post(`/user/vendorDetails/${ids[email]}/change/approve`, admin)))
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect((await row(email)).account_details.bankName).toBe(pending[0]!.changes.bankName)
    expect(await eventsOf("profileChange.approved", pending[0]!.id)).toHaveLength(1)
  })
})
