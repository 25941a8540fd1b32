import type { Role } from "../../src/api/contract/common.ts"
import type { Endpoint } from "../../src/api/contract/endpoint.ts"
import { urlOf } from "./contract-inputs.ts"
import { assignedClient, call, DAY, enquiryPayload, minuteAfter, utcSlot } from "./counselling-fixtures.ts"
import { expect } from "vitest"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { hashPassword } from "../../server/services/auth/passwords.ts"
import { codeAt, stepAt } from "../../server/services/auth/totp.ts"
import { bearer, type TestServer } from "./harness.ts"
import { multipart, pngImage, type FilePart } from "./ticket-fixtures.ts"

/**
 * One request per write of the contract that the server accepts as it stands, on the demo data, for the
 * generated security suites (mass assignment, upload attacks) to start from. `n` makes each one unique.
 */
export interface Ctx {
  tokens: Map<Role, string>
  ticket: { _id: string; ticketId: string }
  ticketToClose: { _id: string; ticketId: string }
  client: { userId: string; counsellorId: string }
  ids: Record<"blog" | "expert" | "testimonial" | "press" | "editor", string>
  vendorUnderReview: string
}
export interface Request {
  role: Role | null
  /** A token of the request's own account, when it must not be a demo account other suites sign in with. */
  token?: string
  params?: Record<string, string>
  body: Record<string, unknown>
  files?: FilePart[]
}
/** How `sendValid` sends a request built here, beyond the request itself. */
export interface SendOptions {
  remoteAddress?: string
  /** Added to the body; `__proto__` travels as a real JSON key, as an attacker would send it. */
  extras?: Record<string, unknown>
  /** Replaces the request's file of the same field (an upload attack's file). */
  file?: FilePart
  /** The caller's token; by default the request's own token or its role's, null for nobody. */
  token?: string | null
}

/** Sends a request built here as the console would: with its caller's token, as multipart or JSON. */
export function sendValid(server: TestServer, ctx: Ctx, e: Endpoint, req: Request, options: SendOptions = {}) {
  const token = options.token !== undefined ? options.token : (req.token ?? (req.role ? ctx.tokens.get(req.role) : undefined))
  const headers: Record<string, string> = token ? bearer(token) : {}
  const url = urlOf(e, req.params)
  const at = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}
  const extras = options.extras ?? {}
  if (e.method === "GET") return server.app.inject({ method: e.method, url, headers, ...at })
  if (e.multipart) {
    const fields: Record<string, string> = {}
    for (const [k, v] of Object.entries({ ...req.body, ...extras })) fields[k] = typeof v === "string" ? v : JSON.stringify(v)
    const { file } = options
    const files = file ? [file, ...(req.files ?? []).filter((f) => f.field !== file.field)] : (req.files ?? [])
    const form = multipart(fields, files)
    return server.app.inject({ method: e.method, url, payload: form.payload, headers: { ...headers, ...form.headers }, ...at })
  }
  // Built as text so `__proto__` travels as a real key.
  const json = JSON.stringify({ ...req.body, ...Object.fromEntries(Object.entries(extras).filter(([k]) => k !== "__proto__")) })
  const payload = Object.hasOwn(extras, "__proto__") ? json.replace(/^\{/, `{"__proto__":${JSON.stringify(extras.__proto__)}${json === "{}" ? "" : ","}`) : json
  return server.app.inject({ method: e.method, url, payload, headers: { ...headers, "content-type": "application/json" }, ...at })
}

export const png = (field: string): FilePart => ({ field, filename: "p.png", contentType: "image/png", data: pngImage() })
const unique = () => Math.random().toString(36).slice(2, 10)

/** A fresh signed-in client, so turning two-factor on changes no demo account that other requests sign in with. */
async function freshClient(server: TestServer): Promise<{ email: string; token: string }> {
  const email = `tf-${unique()}@example.org`
  const demo = await server.db.selectFrom("users").select("password_hash").where("email", "=", "user@demo.test").executeTakeFirstOrThrow()
  await insertUser(server.db, { name: "Two Factor Client", email, number: null, role: "User", status: "Approve", organization_id: null })
  await server.db.updateTable("users").set({ password_hash: demo.password_hash }).where("email", "=", email).execute()
  return { email, token: await server.login(email) }
}
/** A whole, valid partner sign-up (the profile edit takes the same fields less role, email and password). */
/** A card's newest revision: its latest event's id, or "initial" when the log holds none of it (demo data). */
async function newestRevision(server: TestServer, entityType: string, id: string): Promise<string> {
  const row = await server.db
    .selectFrom("events")
    .select("id")
    .where("entity_type", "=", entityType)
    .where("entity_id", "=", id)
    .orderBy("id", "desc")
    .executeTakeFirst()
  return row ? String(row.id) : "initial"
}

const validPartner = () => ({
  role: "Counsellor",
  name: "Farah Khan",
  email: `p-${unique()}@example.org`,
  number: "9812345678",
  password: "Partner@123",
  confirmPassword: "Partner@123",
  address: "12 Hill Road",
  city: "Mumbai",
  pinCode: "400050",
  state: "Maharashtra",
  language: "English",
  experience: "6 years",
  preferredContactMethod: "Email",
  organizationName: "Calm Minds",
  qualifications: "M.A.",
  briefBio: "Counsellor",
  serviceDescription: "Sessions",
  registrationNumber: "REG-1",
  certificationName: "Licensed",
  issuingAuthority: "RCI",
  certificationNumber: "C-1",
  expirationDate: "2031-01-01",
  accountHolderName: "Farah Khan",
  bankName: "HDFC Bank",
  ifscCode: "HDFC0001234",
  accountNumber: "50100123456789",
})

/** A fresh approved vendor with a profile change waiting for review (bank name), and its token. */
async function vendorWithPendingChange(server: TestServer): Promise<{ id: string; token: string }> {
  const email = `pc-${unique()}@example.org`
  const demo = await server.db.selectFrom("users").select("password_hash").where("email", "=", "user@demo.test").executeTakeFirstOrThrow()
  const vendor = await insertUser(server.db, {
    name: "Profile Change Vendor",
    email,
    number: "9812345678",
    role: "Counsellor",
    status: "Approve",
    organization_id: null,
    accountDetails: { accountHolderName: "P C Vendor", bankName: "HDFC Bank", ifscCode: "HDFC0001234", accountNumber: "50100123456789" },
  })
  await server.db.updateTable("users").set({ password_hash: demo.password_hash }).where("id", "=", vendor.id).execute()
  const token = await server.login(email)
  const at = new Date(server.clock.now)
  await server.db
    .insertInto("profile_changes")
    .values({
      id: `pc-${unique()}`,
      vendor_id: vendor.id,
      status: "pending",
      changes: JSON.stringify({ bankName: "Axis Bank" }),
      approved: JSON.stringify({ bankName: "HDFC Bank" }),
      created_at: at,
      updated_at: at,
    })
    .execute()
  return { id: vendor.id, token }
}
/** A fresh client with two-factor on; `code` makes codes of the steps after the one enabling used. */
async function enrolledClient(server: TestServer) {
  const client = await freshClient(server)
  const setup = await server.app.inject({ method: "POST", url: "/api/v1/user/two-factor/setup", headers: bearer(client.token) })
  const secret = setup.json().data.secret as string
  const step = stepAt(server.clock.now)
  const enabled = await server.app.inject({
    method: "POST",
    url: "/api/v1/user/two-factor/enable",
    headers: bearer(client.token),
    payload: { code: codeAt(secret, step) },
  })
  expect(enabled.statusCode, enabled.body).toBe(200)
  return { ...client, code: () => codeAt(secret, step + 1) }
}

const PASSWORD_BEFORE = "Before@12345"

/** A request each write accepts as it stands (checked below), so extras are judged on a call that works. */
/** A fresh upcoming session of the context's client, `days` ahead, for a lifecycle step to act on. */
export async function bookedSession(ctx: Ctx, days: number, server: TestServer): Promise<string> {
  const created = await call(server, ctx.tokens.get("Admin")!, "POST", "/counselling/create", (await valid.createSession!(ctx, days, server)).body)
  expect(created.statusCode, created.body).toBe(200)
  return created.json().data._id as string
}

export const valid: Record<string, (ctx: Ctx, n: number, server: TestServer) => Request | Promise<Request>> = {
  login: () => ({ role: null, body: { email: "editor@demo.test", password: "Demo@12345" } }),
  resetPasswordLink: () => ({ role: null, body: { email: "editor@demo.test" } }),
  resetPassword: () => ({ role: null, body: { token: "not-a-real-token", password: "Newpass@123", confirmPassword: "Newpass@123" } }),
  // A new password must differ from the current one, so each call changes it: on an account of its own
  // (the suites sign the demo people in with the demo password), set back before every call.
  updateCurrentPassword: async (_ctx, _n, server) => {
    const email = "password-changer@example.net"
    const password_hash = await hashPassword(PASSWORD_BEFORE)
    const updated = await server.db.updateTable("users").set({ password_hash }).where("email", "=", email).executeTakeFirst()
    if (updated.numUpdatedRows === 0n)
      await insertUser(server.db, {
        name: "Password Changer",
        email,
        number: null,
        role: "Nutritionist",
        status: "Approve",
        organization_id: null,
        password_hash,
      })
    return { role: "Nutritionist", token: await server.login(email, PASSWORD_BEFORE), body: { oldPassword: PASSWORD_BEFORE, newPassword: "Changed@12345" } }
  },
  // A refresh token of its own each time (one exchanged is retired; within its 2-minute grace it still works).
  refreshToken: async (_ctx, _n, server) => {
    const res = await server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: "user@demo.test", password: "Demo@12345" } })
    return { role: null, body: { refreshToken: res.json().data.refreshToken as string } }
  },
  createTicket: () => ({ role: "User", body: { ticketType: "General", query: "Cannot open my session link" }, files: [png("image")] }),
  closeTicket: (ctx) => ({ role: "Admin", body: { queryId: ctx.ticketToClose._id } }),
  addResponse: (ctx) => ({ role: "Admin", body: { question: "", answer: "We are looking into it", queryId: ctx.ticket._id } }),
  giveFeedback: async (ctx, _n, server) => {
    // Feedback is once per closed ticket: raise and close a fresh one each time.
    const form = multipart({ ticketType: "General", query: "Feedback ticket" })
    const ticket = (
      await server.app.inject({
        method: "POST",
        url: "/api/v1/userQuery/create",
        payload: form.payload,
        headers: { ...form.headers, ...bearer(ctx.tokens.get("User")!) },
      })
    ).json().data
    await call(server, ctx.tokens.get("Admin")!, "PATCH", "/userQuery/update", { queryId: ticket._id })
    return { role: "User", body: { rating: 4, remark: "Quick help", ticketId: ticket.ticketId } }
  },
  partnerSignup: () => ({
    role: null,
    body: validPartner(),
    files: [png("certificationImg")],
  }),
  saveMyAvailability: (_ctx, _n, server) => ({
    role: "Counsellor",
    body: { days: [{ date: new Date(server.clock.now + DAY).toISOString().slice(0, 10), slots: ["10:00"] }] },
  }),
  createBlog: () => ({
    role: "Editor",
    body: { blogName: `Mass ${unique()}`, title: "t", keyword: "k", description: "d", about: "<p>x</p>" },
    files: [png("image")],
  }),
  updateBlog: (ctx) => ({ role: "Editor", params: { id: ctx.ids.blog }, body: { title: "Updated" } }),
  updateBlogStatus: (ctx) => ({ role: "Editor", params: { id: ctx.ids.blog }, body: { status: true } }),
  scheduleBlog: (ctx, _n, server) => ({
    role: "Editor",
    params: { id: ctx.ids.blog },
    body: { title: "Scheduled", publishAt: new Date(server.clock.now + DAY).toISOString() },
  }),
  cancelBlogSchedule: async (ctx, _n, server) => {
    // Something must be scheduled to cancel: schedule it first, as the Editor would.
    const form = multipart({ title: "To cancel", publishAt: new Date(server.clock.now + DAY).toISOString() })
    const res = await server.app.inject({
      method: "PUT",
      url: `/api/v1/blog/schedule/${ctx.ids.blog}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(ctx.tokens.get("Editor")!) },
    })
    expect(res.statusCode, res.body).toBe(200)
    return { role: "Editor", params: { id: ctx.ids.blog }, body: {} }
  },
  restoreBlogRevision: async (ctx, _n, server) => {
    const { id } = await server.db
      .selectFrom("events")
      .select("id")
      .where("entity_type", "=", "blog")
      .where("entity_id", "=", ctx.ids.blog)
      .orderBy("id")
      .executeTakeFirstOrThrow()
    return { role: "Editor", params: { id: ctx.ids.blog, revision: String(id) }, body: {} }
  },
  restoreExpertRevision: async (ctx, _n, server) => ({
    role: "Editor",
    params: { id: ctx.ids.expert, revision: await newestRevision(server, "expert", ctx.ids.expert) },
    body: {},
  }),
  restoreTestimonialRevision: async (ctx, _n, server) => ({
    role: "Editor",
    params: { id: ctx.ids.testimonial, revision: await newestRevision(server, "testimonial", ctx.ids.testimonial) },
    body: {},
  }),
  restorePressRevision: async (ctx, _n, server) => ({
    role: "Editor",
    params: { id: ctx.ids.press, revision: await newestRevision(server, "press", ctx.ids.press) },
    body: {},
  }),
  addGalleryImage: () => ({ role: "Editor", body: {}, files: [png("image")] }),
  uploadMedia: () => ({ role: "Editor", body: { alt: `A picture ${unique()}` }, files: [png("image")] }),
  updateMediaAlt: async (ctx, _n, server) => ({ role: "Editor", params: { id: await anyMedia(server) }, body: { alt: "A new caption" } }),
  deleteMedia: async (ctx, _n, server) => {
    // An image nothing uses (the demo's covers are used, and refused without force): uploaded first, as the Editor would.
    const form = multipart({ alt: `To delete ${unique()}` }, [png("image")])
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/media",
      payload: form.payload,
      headers: { ...form.headers, ...bearer(ctx.tokens.get("Editor")!) },
    })
    expect(res.statusCode, res.body).toBe(200)
    return { role: "Editor", params: { id: res.json().data._id }, body: {} }
  },
  addExpert: () => ({ role: "Editor", body: { name: "Dr. Mass", designation: "Counsellor" }, files: [png("avatar")] }),
  updateExpert: (ctx) => ({ role: "Editor", params: { id: ctx.ids.expert }, body: { designation: "Senior Counsellor" } }),
  addTestimonial: () => ({ role: "Editor", body: { name: "Happy", summery: "Lovely" }, files: [png("avatar")] }),
  updateTestimonial: (ctx) => ({ role: "Editor", params: { id: ctx.ids.testimonial }, body: { summery: "Still lovely" } }),
  addPress: () => ({ role: "Editor", body: { link: "https://news.example.com/a", type: "Press Release" }, files: [png("thumbnail")] }),
  updatePress: (ctx) => ({ role: "Editor", params: { id: ctx.ids.press }, body: { link: "https://news.example.com/b" } }),
  createEditor: () => ({ role: "Admin", body: { name: "Mass Editor", email: `e-${unique()}@example.org`, number: "9876543210" } }),
  updateEditor: (ctx) => ({ role: "Admin", params: { id: ctx.ids.editor }, body: { name: "Renamed Editor" } }),
  createCounsellingEnquiry: (_ctx, n) => ({ role: null, body: enquiryPayload(900 + n, { email: `q-${unique()}@example.org` }) }),
  sendUserLoginAccess: async (_ctx, n, server) => {
    const email = `access-${unique()}@example.org`
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/enquiry/create",
      payload: enquiryPayload(700 + n, { email }),
      remoteAddress: `198.51.100.${n % 250}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const row = await server.db.selectFrom("counselling_enquiries").select("id").where("email", "=", email).executeTakeFirstOrThrow()
    return { role: "Admin", body: { enquiryId: row.id, name: "Access", email, number: "9876500000" } }
  },
  assignOrUpdateCounsellor: (ctx) => ({ role: "Admin", params: { userId: ctx.client.userId }, body: { counsellorId: ctx.client.counsellorId } }),
  createSession: (ctx, n, server) => ({
    role: "Admin",
    body: {
      userId: ctx.client.userId,
      counsellorId: ctx.client.counsellorId,
      ...utcSlot(minuteAfter(server, (40 + n) * DAY)),
      topic: "Mass",
      agenda: "a",
      duration: 30,
      note: null,
    },
  }),
  updateSession: async (ctx, n, server) => {
    const created = await call(server, ctx.tokens.get("Admin")!, "POST", "/counselling/create", (await valid.createSession!(ctx, 100 + n, server)).body)
    expect(created.statusCode, created.body).toBe(200)
    return {
      role: "Admin",
      params: { id: created.json().data._id },
      body: { ...utcSlot(minuteAfter(server, (200 + n) * DAY)), topic: "Moved", agenda: "a", duration: 30, note: null },
    }
  },
  rescheduleSession: async (ctx, n, server) => ({
    role: "Admin",
    params: { id: await bookedSession(ctx, 300 + n, server) },
    body: { ...utcSlot(minuteAfter(server, (500 + n) * DAY)), reason: "Moved by the office" },
  }),
  cancelSession: async (ctx, n, server) => ({ role: "Admin", params: { id: await bookedSession(ctx, 600 + n, server) }, body: { reason: "No longer needed" } }),
  requestSessionReschedule: async (ctx, n, server) => {
    // The client asks for their own session: user@demo.test, booked with their counsellor.
    const uma = await server.db.selectFrom("users").select(["id", "counsellor_id"]).where("email", "=", "user@demo.test").executeTakeFirstOrThrow()
    const id = await bookedSession({ ...ctx, client: { userId: uma.id, counsellorId: uma.counsellor_id! } }, 700 + n, server)
    return { role: "User", params: { id }, body: { ...utcSlot(minuteAfter(server, (800 + n) * DAY)), reason: "Exams that week" } }
  },
  setMyTimeZone: () => ({ role: "User", body: { timeZone: "Europe/Berlin" } }),
  updateUserStatus: (ctx) => ({ role: "Admin", body: { status: "Temp Approve", userId: ctx.vendorUnderReview } }),
  saveDraft: () => ({ role: "Editor", params: { key: "blog:new" }, body: { values: { title: "A draft", about: "<p>Half a thought</p>" } } }),
  deleteDraft: () => ({ role: "Editor", params: { key: "blog:new" }, body: {} }),
  saveView: (_ctx, n) => ({ role: "Admin", body: { list: "roleList.Lawyer", name: `Newest lawyers ${n}`, query: "sort=-createdAt&size=25" } }),
  deleteView: async (_ctx, n, server) => {
    const admin = await server.db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()
    const id = `view-${n}-${Date.now()}`
    await server.db
      .insertInto("saved_views")
      .values({ id, user_id: admin.id, list: "enquiries", name: `To delete ${id}`, query: "sort=name", created_at: new Date() })
      .execute()
    return { role: "Admin", params: { id }, body: {} }
  },
  // The demo counsellor's own profile: nothing is made first (the upload attacks compare every table before and after).
  updateOwnProfile: () => {
    const { role: _r, email: _e, password: _p, confirmPassword: _c, ...profile } = validPartner()
    return { role: "Counsellor", body: { ...profile, bankName: "Kotak Bank" }, files: [png("profileImg")] }
  },
  withdrawProfileChange: async (_ctx, _n, server) => ({ role: "Counsellor", token: (await vendorWithPendingChange(server)).token, body: {} }),
  approveProfileChange: async (_ctx, _n, server) => ({ role: "Admin", params: { id: (await vendorWithPendingChange(server)).id }, body: {} }),
  rejectProfileChange: async (_ctx, _n, server) => ({
    role: "Admin",
    params: { id: (await vendorWithPendingChange(server)).id },
    body: { reason: "The new bank is not in the payout list yet." },
  }),
  revealAccountNumber: (ctx) => ({ role: "Admin", params: { id: ctx.vendorUnderReview }, body: { reason: "Checking the payout details" } }),
  enableTwoFactor: async (_ctx, _n, server) => {
    const client = await freshClient(server)
    const setup = await server.app.inject({ method: "POST", url: "/api/v1/user/two-factor/setup", headers: bearer(client.token) })
    return { role: "User", token: client.token, body: { code: codeAt(setup.json().data.secret, stepAt(server.clock.now)) } }
  },
  disableTwoFactor: async (_ctx, _n, server) => {
    const client = await enrolledClient(server)
    return { role: "User", token: client.token, body: { password: "Demo@12345", code: client.code() } }
  },
  loginTwoFactor: async (_ctx, _n, server) => {
    const client = await enrolledClient(server)
    const login = await server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: client.email, password: "Demo@12345" } })
    return { role: null, body: { challengeToken: login.json().data.challengeToken, code: client.code() } }
  },
  updateSecuritySettings: () => ({ role: "Admin", body: { requireAdminTwoFactor: false } }),
  createEnquiry: () => ({
    role: null,
    body: { name: "Mira Sen", email: "mira.sen@example.org", number: "+91 98200 12345", city: "Pune", state: "Maharashtra", message: "Call me" },
  }),
  updateNotificationPreferences: () => ({ role: "User", body: { preferences: [{ kind: "session.booked", mail: true }] } }),
  saveNotificationTemplate: () => ({
    role: "Admin",
    params: { id: "ticket.closed" },
    body: { subject: "Closed: {{ticketCode}}", body: "Hello {{name}}, {{ticketUrl}}" },
  }),
  previewNotificationTemplate: () => ({ role: "Admin", params: { id: "ticket.closed" }, body: { subject: "Closed: {{ticketCode}}", body: "Hello {{name}}" } }),
}

/** Signs in the roles the requests use and finds ids of the demo data they refer to. */
export async function requestContext(server: TestServer): Promise<Ctx> {
  const ctx = {} as Ctx
  ctx.tokens = new Map()
  for (const role of ["Admin", "Editor", "User", "Counsellor", "Nutritionist"] as Role[])
    ctx.tokens.set(role, await server.login(`${role.toLowerCase()}@demo.test`))
  const admin = ctx.tokens.get("Admin")!
  const raise = async () => {
    const form = multipart({ ticketType: "General", query: "Base ticket" })
    return (
      await server.app.inject({
        method: "POST",
        url: "/api/v1/userQuery/create",
        payload: form.payload,
        headers: { ...form.headers, ...bearer(ctx.tokens.get("User")!) },
      })
    ).json().data
  }
  ctx.ticket = await raise()
  ctx.ticketToClose = await raise()
  ctx.client = await assignedClient(server, admin, 0)
  const first = async (url: string, key: string) => {
    const data = (await call(server, admin, "GET", url)).json().data
    return (data[key] ?? data)[0]._id as string
  }
  ctx.ids = {
    blog: await first("/blog/get?page=1&limit=1", "blogs"),
    expert: await first("/expert/auth/get?page=1&limit=1", "experts"),
    testimonial: await first("/testimonial/auth/get?page=1&limit=1", "testimonials"),
    press: await first("/press-and-recognition/auth/get?page=1&limit=1", "press"),
    editor: await first("/user/Editor?page=1&limit=1", "editors"),
  }
  ctx.vendorUnderReview = (await server.db.selectFrom("users").select("id").where("status", "=", "Under Review").executeTakeFirstOrThrow()).id
  return ctx
}

/** A library image (the demo's blog covers are there). */
async function anyMedia(server: TestServer): Promise<string> {
  return (await server.db.selectFrom("media").select("id").orderBy("created_at", "desc").executeTakeFirstOrThrow()).id
}
