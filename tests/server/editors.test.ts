import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eventsOf } from "./content-helpers.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { nameOrderKey } from "../fixtures/name-order.ts"

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, token = admin) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: bearer(token) })

const newEditor = { name: "Nina Editor", email: "nina.editor@example.com", number: "9876543210", userRole: "Editor" }

describe("POST /user/create", () => {
  it("creates an editor without a password and emails a set-password link that works", async () => {
    const res = await call("POST", "/user/create", newEditor)
    expect(res.statusCode).toBe(200)
    const { data, message } = res.json()
    expect(message).toBe("Editor added successfully! An email to set the password has been sent.")
    expect(data).toEqual({
      _id: expect.any(String),
      name: "Nina Editor",
      email: "nina.editor@example.com",
      number: "9876543210",
      role: "Editor",
      createdAt: expect.any(String),
    })
    const mail = server.outbox().find((m) => m.to.includes("nina.editor@example.com"))!
    expect(mail.text).toContain("Set your password")
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]
    const set = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/reset-password",
      payload: { token, password: "Editor@2026", confirmPassword: "Editor@2026" },
    })
    expect(set.statusCode).toBe(200)
    const signedIn = await server.app.inject({
      method: "POST",
      url: "/api/v1/user/login",
      payload: { email: "nina.editor@example.com", password: "Editor@2026" },
    })
    expect(signedIn.json().data.user.role).toBe("Editor")
    expect((await eventsOf(server, data._id)).map((e) => [e.entity_type, e.type])).toContainEqual(["user", "user.created"])
  })

  it("refuses a taken email (any case), a bad email, a long number and another role", async () => {
    const taken = await call("POST", "/user/create", { ...newEditor, email: "ADMIN@demo.test" })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe("An account with this email already exists.")
    expect((await call("POST", "/user/create", { ...newEditor, email: "nope" })).json().message).toBe("email: must be a valid email address")
    expect((await call("POST", "/user/create", { ...newEditor, email: "n2@example.com", number: "12345678901" })).json().message).toBe(
      "number: must be at most 10 characters",
    )
    // Issue 21: a phone number (digits, a leading + at most) and a name of two characters or more.
    expect((await call("POST", "/user/create", { ...newEditor, email: "n4@example.com", number: "98-7654" })).json().message).toBe(
      "number: must be digits, with an optional leading +",
    )
    expect((await call("POST", "/user/create", { ...newEditor, email: "n5@example.com", number: "+4915123" })).statusCode).toBe(200)
    expect((await call("POST", "/user/create", { ...newEditor, email: "n6@example.com", name: " N " })).json().message).toBe(
      "name: must be at least 2 characters",
    )
    const role = await call("POST", "/user/create", { ...newEditor, email: "n3@example.com", userRole: "Admin" })
    expect(role.statusCode).toBe(400)
    expect(role.json().message).toMatch(/^userRole:/)
  })
})

describe("editor list, update and delete", () => {
  it("lists only editors at the spec's GET /user/Editor, newest first, with totalRecords like every role list", async () => {
    const list = (await call("GET", "/user/Editor?page=1&limit=100")).json()
    expect(list.pagination.total).toBeGreaterThan(10)
    expect(list.totalRecords).toBe(list.pagination.total)
    expect(list.data.every((e: { role: string }) => e.role === "Editor")).toBe(true)
    expect(list.data.map((e: { email: string }) => e.email)).toContain("editor@demo.test")
    expect(list.data[0]).not.toHaveProperty("password_hash")
  })

  it("orders the editors by name either way (letter case ignored) or by date either way, the CSV too; another order is 400 (issue 26)", async () => {
    type Listed = { _id: string; name: string; createdAt: string }
    const rows = async (query: string) => (await call("GET", `/user/Editor?page=1&limit=100${query}`)).json().data as Listed[]
    const ids = (list: Listed[]) => list.map((e) => e._id)
    const byName = await rows("&sort=name")
    expect(byName.length).toBeGreaterThan(10)
    expect(byName.every((e, i) => i === 0 || nameOrderKey(byName[i - 1]!.name) <= nameOrderKey(e.name))).toBe(true)
    expect(ids(await rows("&sort=-name"))).toEqual(ids(byName).toReversed())
    const paged: Listed[] = []
    for (let page = 1; (page - 1) * 4 < byName.length; page++) paged.push(...(await call("GET", `/user/Editor?page=${page}&limit=4&sort=name`)).json().data)
    expect(ids(paged)).toEqual(ids(byName))
    expect(ids(await rows("&sort=-createdAt"))).toEqual(ids(await rows("")))
    const oldest = await rows("&sort=createdAt")
    expect(oldest.every((e, i) => i === 0 || Date.parse(oldest[i - 1]!.createdAt) <= Date.parse(e.createdAt))).toBe(true)
    const csv = await call("GET", "/export/editor?sort=-name")
    expect(csv.statusCode).toBe(200)
    const names = csv.body
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split(",")[0]!.replace(/^"|"$/g, ""))
    expect(names).toEqual(byName.map((e) => e.name).toReversed())
    const bad = await call("GET", "/user/Editor?sort=email")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^sort:/)
  })

  it("updates an editor with an event, refuses a taken email and non-editors", async () => {
    const created = (await call("POST", "/user/create", { ...newEditor, email: "up@example.com" })).json().data
    const res = await call("PATCH", `/user/editors/${created._id}`, { name: "Updated Name", number: "12345" })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ message: "Editor updated successfully!", data: { name: "Updated Name", number: "12345", email: "up@example.com" } })
    expect((await eventsOf(server, created._id)).at(-1)).toMatchObject({
      type: "user.updated",
      before: expect.objectContaining({ name: "Nina Editor" }),
      after: expect.objectContaining({ name: "Updated Name" }),
    })
    expect((await call("PATCH", `/user/editors/${created._id}`, { email: "editor@demo.test" })).statusCode).toBe(409)
    const adminRow = await server.db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()
    const notEditor = await call("PATCH", `/user/editors/${adminRow.id}`, { name: "Hacked" })
    expect(notEditor.statusCode).toBe(404)
    expect(notEditor.json().message).toBe("Editor not found.")
  })

  it("deletes an editor (who can no longer sign in) and refuses to delete anyone else", async () => {
    const created = (await call("POST", "/user/create", { ...newEditor, email: "gone@example.com" })).json().data
    const res = await call("DELETE", `/user/editors/${created._id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe("Editor deleted successfully.")
    expect(await server.db.selectFrom("users").select("id").where("id", "=", created._id).executeTakeFirst()).toBeUndefined()
    expect((await eventsOf(server, created._id)).at(-1)?.type).toBe("user.deleted")
    const lawyer = await server.db.selectFrom("users").select("id").where("email", "=", "lawyer@demo.test").executeTakeFirstOrThrow()
    expect((await call("DELETE", `/user/editors/${lawyer.id}`)).statusCode).toBe(404)
  })
})
