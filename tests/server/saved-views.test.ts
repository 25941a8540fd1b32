import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SAVED_VIEWS_PER_LIST, VIEW_LIMIT_REACHED, VIEW_NAME_TAKEN, VIEW_NOT_FOUND } from "../../src/api/contract/views/saved-views.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { explainRefusals } from "./openapi-validator.ts"

explainRefusals([[VIEW_LIMIT_REACHED, "the person keeps the most views a list may have already (the summary states the bound)"]])

let server: TestServer
let admin: string
let lawyer: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
  lawyer = await server.login("lawyer@demo.test")
})
afterAll(() => server.close())

const list = (name: string, token = admin) =>
  server.app.inject({ method: "GET", url: `/api/v1/views?list=${encodeURIComponent(name)}`, headers: bearer(token) })
const save = (payload: object, token = admin) => server.app.inject({ method: "POST", url: "/api/v1/views", payload, headers: bearer(token) })
const remove = (id: string, token = admin) => server.app.inject({ method: "DELETE", url: `/api/v1/views/${id}`, headers: bearer(token) })

describe("saved views (issue 26)", () => {
  it("keeps a named view of a list, lists a person's views of that list by name, and deletes one", async () => {
    const first = await save({ list: "roleList.Counsellor", name: "  Wellness, by name ", query: "?sort=name&size=25&hide=Email" })
    expect(first.statusCode).toBe(200)
    const kept = first.json().data
    expect(kept).toMatchObject({ list: "roleList.Counsellor", name: "Wellness, by name", query: "sort=name&size=25&hide=Email" })
    expect(Number.isNaN(Date.parse(kept.createdAt))).toBe(false)
    expect((await save({ list: "roleList.Counsellor", name: "alphabet", query: "sort=name" })).statusCode).toBe(200)
    expect((await save({ list: "enquiries", name: "Elsewhere", query: "" })).statusCode).toBe(200)
    const views = (await list("roleList.Counsellor")).json().data
    expect(views.map((v: { name: string }) => v.name)).toEqual(["alphabet", "Wellness, by name"])

    expect((await remove(kept._id)).json()).toEqual({ success: true, message: "View deleted." })
    expect((await list("roleList.Counsellor")).json().data.map((v: { name: string }) => v.name)).toEqual(["alphabet"])
    const again = await remove(kept._id)
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(VIEW_NOT_FOUND)
  })

  it("refuses a name already used on the list (letter case ignored), an empty name and a list that is not one", async () => {
    expect((await save({ list: "enquiries", name: "Pune", query: "search=pune" })).statusCode).toBe(200)
    const taken = await save({ list: "enquiries", name: "PUNE", query: "search=pune&sort=name" })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe(VIEW_NAME_TAKEN)
    // The same name on another list is another view.
    expect((await save({ list: "auditLog", name: "Pune", query: "" })).statusCode).toBe(200)
    for (const [payload, field] of [
      [{ list: "enquiries", name: "   ", query: "" }, "name"],
      [{ list: "enquiries", name: "", query: "" }, "name"],
      [{ list: "enquiries", name: "x".repeat(61), query: "" }, "name"],
      [{ list: "../etc", name: "A", query: "" }, "list"],
      [{ list: "enquiries", name: "A", query: "q".repeat(2001) }, "query"],
    ] as const) {
      const refused = await save(payload)
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400)
      expect(refused.json().message).toContain(field)
    }
  })

  it("keeps each person's views their own: another person neither sees nor deletes them", async () => {
    const mine = (await save({ list: "ticketList", name: "Open ones", query: "state=open" })).json().data
    expect((await list("ticketList", lawyer)).json().data).toEqual([])
    expect((await remove(mine._id, lawyer)).statusCode).toBe(404)
    expect((await list("ticketList")).json().data.map((v: { _id: string }) => v._id)).toEqual([mine._id])
    // A vendor keeps their own too.
    expect((await save({ list: "ticketList", name: "Open ones", query: "state=open" }, lawyer)).statusCode).toBe(200)
    expect((await server.app.inject({ method: "GET", url: "/api/v1/views?list=ticketList" })).statusCode).toBe(401)
  })

  it(`keeps at most ${SAVED_VIEWS_PER_LIST} views a list, also when they are saved at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: SAVED_VIEWS_PER_LIST + 5 }, (_, i) => save({ list: "allSessions", name: `View ${i}`, query: `page=${i + 1}` })),
    )
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(SAVED_VIEWS_PER_LIST)
    const refused = answers.filter((a) => a.statusCode !== 200)
    expect(refused.map((a) => [a.statusCode, a.json().message])).toEqual(Array.from({ length: 5 }, () => [400, VIEW_LIMIT_REACHED]))
    expect((await list("allSessions")).json().data).toHaveLength(SAVED_VIEWS_PER_LIST)
  })
})
