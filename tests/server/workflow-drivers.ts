import { randomUUID } from "node:crypto"
import type { EventObject } from "xstate"
import type { VendorStatus } from "../../src/api/contract/common.ts"
import { blogStateOf } from "../../src/machines/blogs/blog-status.machine.ts"
import { ticketStateOf } from "../../src/machines/tickets/ticket.machine.ts"
import { vendorStatusStateId } from "../../src/machines/vendors/vendor-status.machine.ts"
import { insertUser } from "../../server/db/repositories/users.repository.ts"
import { sendForm } from "./content-helpers.ts"
import { bearer, type TestServer } from "./harness.ts"
import { pngFile } from "./multipart.ts"

/**
 * How a domain workflow's events are fired through the real API and how a record's state is read back
 * through it, for the seeded model runs (model-runs.test.ts). `create` makes a record in the machine's
 * initial state (directly in the database where the API has no such call, e.g. a vendor without the
 * sign-up's rate limit); every step and every read goes through the API, as the role the contract allows.
 */
export interface WorkflowDriver<Record> {
  create(): Promise<Record>
  /** Fires the event; answers the HTTP status. */
  send(record: Record, event: EventObject & { [key: string]: unknown }): Promise<number>
  /** The record's state as the machine names it (a top-level state key). */
  read(record: Record): Promise<string>
}

type Call = { method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"; url: string; token: string; payload?: unknown }
const call = (server: TestServer, c: Call) =>
  server.app.inject({
    method: c.method,
    url: `/api/v1${c.url}`,
    headers: bearer(c.token),
    ...(c.payload === undefined ? {} : { payload: c.payload as object }),
  })

const unique = () => randomUUID().replace(/-/g, "").slice(0, 10)

const stateKeyOf = (stateId: string) => stateId.split(".").slice(1).join(".")

export interface DriverTokens {
  admin: string
  user: string
}

export function workflowDrivers(server: TestServer, tokens: DriverTokens): Record<string, WorkflowDriver<unknown>> {
  const vendorStatus: WorkflowDriver<{ id: string }> = {
    async create() {
      const n = unique()
      const row = await insertUser(server.db, {
        name: `Model Vendor ${n}`,
        email: `model-vendor-${n}@example.net`,
        number: null,
        role: "Lawyer",
        status: "Under Review",
        organization_id: null,
      })
      return { id: row.id }
    },
    send: async (vendor, event) =>
      (await call(server, { method: "PATCH", url: "/user/updateUser", token: tokens.admin, payload: { userId: vendor.id, status: event["to"] } })).statusCode,
    async read(vendor) {
      const res = await call(server, { method: "GET", url: `/user/vendorDetails/${vendor.id}`, token: tokens.admin })
      return stateKeyOf(vendorStatusStateId(res.json().data[0].status as VendorStatus))
    },
  }

  const ticket: WorkflowDriver<{ id: string; code: string }> = {
    async create() {
      const res = await sendForm(server, tokens.user, "POST", "/userQuery/create", { ticketType: "General", query: `Model run ${unique()}` })
      const data = res.json().data as { _id: string; ticketId: string }
      return { id: data._id, code: data.ticketId }
    },
    async send(t, event) {
      if (event.type === "ticket.respond") {
        return (
          await call(server, { method: "POST", url: "/userQuery/addResponse", token: tokens.admin, payload: { queryId: t.id, answer: "Looking into it." } })
        ).statusCode
      }
      if (event.type === "ticket.close")
        return (await call(server, { method: "PATCH", url: "/userQuery/update", token: tokens.admin, payload: { queryId: t.id } })).statusCode
      return (
        await call(server, {
          method: "POST",
          url: "/userQuery/feedback",
          token: tokens.user,
          payload: { ticketId: t.code, rating: event["rating"], remark: event["remark"] },
        })
      ).statusCode
    },
    async read(t) {
      const data = (await call(server, { method: "GET", url: `/userQuery/fetchResponse/${t.id}`, token: tokens.admin })).json().data
      return ticketStateOf({ status: data.status, userRating: data.userRating })
    },
  }

  const blog: WorkflowDriver<{ id: string }> = {
    async create() {
      const n = unique()
      const fields = {
        blogName: `Model blog ${n}`,
        title: `Model blog ${n}`,
        keyword: "model",
        description: "A blog of a model run.",
        about: "<p>Model run</p>",
      }
      const res = await sendForm(server, tokens.admin, "POST", "/blog/create", fields, [pngFile("image")])
      return { id: (res.json().data as { _id: string })._id }
    },
    async send(b, event) {
      switch (event.type) {
        case "blog.publish":
        case "blog.unpublish":
          return (
            await call(server, {
              method: "PATCH",
              url: `/blog/updateBlogStatus/${b.id}`,
              token: tokens.admin,
              payload: { status: event.type === "blog.publish" },
            })
          ).statusCode
        case "blog.update":
          return (await sendForm(server, tokens.admin, "PATCH", `/blog/update/${b.id}`, { description: `Updated ${unique()}` })).statusCode
        default:
          return (await call(server, { method: "DELETE", url: `/blog/delete/${b.id}`, token: tokens.admin })).statusCode
      }
    },
    async read(b) {
      const res = await call(server, { method: "GET", url: `/blog/getDetails/${b.id}`, token: tokens.admin })
      return res.statusCode === 404 ? "deleted" : blogStateOf(res.json().data[0])
    },
  }

  /** Counsellors of each kind the assignment's guard tells apart, made once. */
  let counsellors: Promise<Record<"eligible" | "underReview" | "editor", string>> | null = null
  const person = async (role: string, status: "Approve" | "Under Review") => {
    const n = unique()
    const row = await insertUser(server.db, {
      name: `Model ${role} ${n}`,
      email: `model-${n}@example.net`,
      number: null,
      role: role as never,
      status,
      organization_id: null,
    })
    return row.id
  }
  const assignment: WorkflowDriver<{ id: string }> = {
    async create() {
      return { id: await person("User", "Approve") }
    },
    async send(client, event) {
      counsellors ??= (async () => ({
        eligible: await person("Lawyer", "Approve"),
        underReview: await person("Lawyer", "Under Review"),
        editor: await person("Editor", "Approve"),
      }))()
      const c = await counsellors
      const counsellorId = event["isClientThemself"]
        ? client.id
        : !event["counsellorApproved"]
          ? c.underReview
          : !event["counsellorAssignable"]
            ? c.editor
            : c.eligible
      return (await call(server, { method: "PATCH", url: `/user/assignOrUpdateCounsellor/${client.id}`, token: tokens.admin, payload: { counsellorId } }))
        .statusCode
    },
    async read(client) {
      const data = (await call(server, { method: "GET", url: `/user/get/${client.id}`, token: tokens.admin })).json().data
      return data.counsellorId ? "assigned" : "unassigned"
    },
  }

  return { "vendor-status": vendorStatus, ticket, "blog-status": blog, assignment }
}
