import type { ApiSession } from "./api-session.ts"
import type { Load, LoadPlan } from "./load.ts"
import type { MixedRequest } from "./mixed-load.ts"

/** What the API figures share: the run they are measured in, the list and dashboard calls they load, the tickets they answer. */
export interface ApiRun {
  session: ApiSession
  hello: Load
  /** The hello-world again, measured right before a figure compared with it (a shared machine drifts). */
  helloAgain: () => Promise<Load>
  plan: LoadPlan
  db: "embedded" | "postgres"
  /** 1 for the full run; larger loosens every target (CI on a noisy machine). */
  margin: number
  /** Rounds of the dashboard's calls; the median round is the figure. */
  dashboardRounds: number
}

export const LIST = "/user/Lawyer"
export const PAGE_SIZE = 10

/** The dashboard's calls for the Admin, as the console makes them on opening it (see src/machines). */
export const DASHBOARD_CALLS = [
  "/user/getProfile",
  "/dashboard/peopleCounts",
  "/dashboard/trends",
  "/user/unassignUser?page=1&limit=1",
  "/expert/auth/get?page=1&limit=1",
  "/testimonial/auth/get?page=1&limit=1",
  "/blog/get?page=1&limit=1",
  "/gallery/get?page=1&limit=1",
  "/press-and-recognition/auth/get?page=1&limit=1",
]

/**
 * Up to `wanted` open tickets from a page of them chosen at random, read 50 at a time (two in three seeded tickets are
 * open). A run on a database kept from an earlier run (`--data-dir`, `--reuse`) must not answer the tickets that run
 * answered: the same 50 newest tickets grew by some 2,300 answers a run, each answer carries its whole thread back
 * (the spec), and the figure drifted up on a kept database (embedded 1.30x on the fresh seed, 1.81x two runs later;
 * PostgreSQL 1.90x, then 1.99x), measuring those threads.
 */
export async function openTickets(session: ApiSession, wanted: number): Promise<string[]> {
  const counted = await session.json<{ pagination: { total: number } }>("/userQuery/get?page=1&limit=1&state=open")
  const pages = Math.max(1, Math.ceil(counted.pagination.total / 50))
  const open: string[] = []
  for (let page = 1 + Math.floor(Math.random() * pages), read = 0; open.length < wanted && read < pages; page = (page % pages) + 1, read++) {
    const tickets = await session.json<{ data: { _id: string }[] }>(`/userQuery/get?page=${page}&limit=50&state=open`)
    open.push(...tickets.data.map((t) => t._id))
  }
  if (open.length === 0) throw new Error("no open ticket to answer: the seed has none")
  return open.slice(0, wanted)
}

/** What every ticket answer of the benchmark writes. */
export const ANSWER = "We are looking into it and will write again today."

export const read = (path: string): MixedRequest => ({ kind: "read", method: "GET", path, status: [200] })

/** The mixed workload's reads beside a ticket's poll: the Lawyers' list page 1, the dashboard's calls, the sessions' list page 1. */
export const READ_PATHS = [`${LIST}?page=1&limit=${PAGE_SIZE}`, ...DASHBOARD_CALLS, `/counselling/fetch?page=1&limit=${PAGE_SIZE}`]

/** `POST /userQuery/addResponse`: the ticket locked, the answer, the ticket's version, the events, the inbox and outbox entries. */
export const ticketAnswer = (queryId: string): MixedRequest => ({
  kind: "write",
  method: "POST",
  path: "/userQuery/addResponse",
  body: { queryId, answer: ANSWER },
  status: [200],
  tally: "ticket answers",
})

/** The statuses a vendor moves between, back and forth, for ever: Approve is final and Reject ends the vendor's sessions. */
export const OTHER_STATUS: Record<string, string> = { "Under Review": "Temp Approve", "Temp Approve": "Under Review" }

export interface Vendor {
  id: string
  /** As last read or moved to by the benchmark. */
  status: string
}

/** Rows per page when the set-up reads a list for the rows a workload needs. */
const SETUP_PAGE = 100

/** Reads the list at `path` a page at a time, handing each page to `take`, until `enough()` holds or the list ends. */
async function readPages<T>(session: ApiSession, path: string, take: (rows: T[]) => void, enough: () => boolean): Promise<void> {
  for (let page = 1; !enough(); page++) {
    const listed = await session.json<{ data: T[] }>(`${path}?page=${page}&limit=${SETUP_PAGE}`)
    take(listed.data)
    if (listed.data.length < SETUP_PAGE) return
  }
}

/** Up to `wanted` vendors Under Review or Temp Approve: each can move to the other status and back. */
export async function movableVendors(session: ApiSession, wanted: number): Promise<Vendor[]> {
  const vendors: Vendor[] = []
  for (const kind of ["pending", "temp"] as const)
    await readPages<{ _id: string; status: string }>(
      session,
      `/user/allUsers/${kind}`,
      (rows) => vendors.push(...rows.filter((v) => v.status in OTHER_STATUS).map((v) => ({ id: v._id, status: v.status }))),
      () => vendors.length >= wanted,
    )
  return vendors.slice(0, wanted)
}

/**
 * `PATCH /user/updateUser` to the status the vendor does not have, followed as it moves: a change to the status a
 * vendor has is refused (409), and a client's place in its sequence no longer tells which one that is.
 */
export const vendorMove = (vendor: Vendor): MixedRequest => ({
  kind: "write",
  method: "PATCH",
  path: "/user/updateUser",
  bodyOf: () => {
    vendor.status = OTHER_STATUS[vendor.status]!
    return { userId: vendor.id, status: vendor.status }
  },
  status: [200],
  tally: "status changes",
})

/** A counsellor and a client who book together. */
export interface Pair {
  counsellorId: string
  userId: string
}

/** The approved people a session can be booked with (the assignable roles but clients), read a page at a time. */
const COUNSELLOR_LISTS = ["Counsellor", "Lawyer", "Nutritionist", "YogaTeacher", "ImageConsultant"]

/** Up to `wanted` (counsellor, client) pairs, no person in two of them: a pair's bookings never wait on another's. */
export async function bookingPairs(session: ApiSession, wanted: number): Promise<Pair[]> {
  const ids = (into: string[]) => (rows: { _id: string }[]) => into.push(...rows.map((p) => p._id))
  const counsellors: string[] = []
  for (const role of COUNSELLOR_LISTS) await readPages(session, `/user/${role}`, ids(counsellors), () => counsellors.length >= wanted)
  const clients: string[] = []
  await readPages(session, "/user/User", ids(clients), () => clients.length >= wanted)
  return Array.from({ length: Math.min(wanted, counsellors.length, clients.length) }, (_, i) => ({ counsellorId: counsellors[i]!, userId: clients[i]! }))
}

export const HOUR = 3_600_000

/**
 * The first whole hour a day after the latest session booked so far (or after now): every hour from it is free for
 * every pair, on a fresh seed and on a database kept from earlier runs alike.
 */
export async function firstFreeHour(session: ApiSession): Promise<number> {
  const latest = await session.json<{ data: { counsellingSessions: { dateTime: string }[] } }>("/counselling/fetch?page=1&limit=1&sort=-dateTime")
  const after = Math.max(Date.now(), Date.parse(latest.data.counsellingSessions[0]?.dateTime ?? "") || 0)
  return Math.ceil((after + 24 * HOUR) / HOUR) * HOUR
}

/** A session's fields at `at` (a UTC instant), as the console sends them: the date and the time with its offset. */
export function booking(pair: Pair, at: number, topic: string) {
  const iso = new Date(at).toISOString()
  return { ...pair, date: iso.slice(0, 10), time: `${iso.slice(11, 16)}Z`, topic, agenda: "Set up by the benchmark", duration: 30 }
}

/** A session booked for a client of the mixed workload, which it edits. */
export interface Booked {
  id: string
  at: number
  pair: Pair
}

/** `PATCH /counselling/update/{id}`: the same hour, its agenda and note rewritten (locks both people, checks overlaps, events, mails). */
export const sessionEdit = (booked: Booked): MixedRequest => {
  const { counsellorId: _, userId: __, ...fields } = booking(booked.pair, booked.at, "Benchmark session")
  return {
    kind: "write",
    method: "PATCH",
    path: `/counselling/update/${booked.id}`,
    body: { ...fields, agenda: "Edited under load", note: "The benchmark's edit" },
    status: [200],
    tally: "session edits",
  }
}

/** One client's rows of the mixed workload: tickets of its own to poll and answer, and when there are enough, a vendor and a session. */
export interface MixedClient {
  tickets: string[]
  vendor: Vendor | undefined
  booked: Booked | undefined
}

/**
 * The rows of `clients` clients of the mixed workload, none shared: `ticketsPerClient` open tickets each (a thread
 * answered all run long would measure its own growth), a vendor to move and a session, booked here, to edit. A
 * client the seed has no vendor or pair left for writes ticket answers in their place.
 */
export async function mixedClients(session: ApiSession, clients: number, ticketsPerClient: number): Promise<MixedClient[]> {
  const tickets = await openTickets(session, clients * ticketsPerClient)
  const vendors = await movableVendors(session, clients)
  const pairs = await bookingPairs(session, clients)
  const at = await firstFreeHour(session)
  const booked: Booked[] = []
  for (const pair of pairs) {
    const answer = await session.send<{ data: { _id: string } }>("POST", "/counselling/create", booking(pair, at, "Benchmark session"))
    booked.push({ id: answer.data._id, at, pair })
  }
  return Array.from({ length: clients }, (_, client) => {
    const own = tickets.filter((_ticket, i) => i % clients === client)
    return { tickets: own.length > 0 ? own : [tickets[client % tickets.length]!], vendor: vendors[client], booked: booked[client] }
  })
}

/** Writes of the mixed workload, one per round in turn; a client without the row of one writes a ticket answer instead. */
const WRITE_KINDS = 3

/**
 * One client's sequence of the mixed workload: rounds of 18 reads (READ_PATHS in turn), a poll of one of its
 * tickets and, with `writes`, one write (95 % reads, 5 % writes): an answer to that ticket, a status change of its
 * vendor, an edit of its session, in turn. Without `writes` it is the read-only load a mixed one is compared with.
 */
export function mixedSequence(client: MixedClient, writes: boolean): MixedRequest[] {
  const rounds = Math.max(WRITE_KINDS, client.tickets.length)
  return Array.from({ length: rounds }, (_, round) => {
    const ticket = client.tickets[round % client.tickets.length]!
    const reads = Array.from({ length: 18 }, (_read, i) => read(READ_PATHS[(round * 18 + i) % READ_PATHS.length]!))
    reads.push(read(`/userQuery/fetchResponse/${ticket}`))
    if (!writes) return reads
    const kind = round % WRITE_KINDS
    const write = kind === 1 && client.vendor ? vendorMove(client.vendor) : kind === 2 && client.booked ? sessionEdit(client.booked) : ticketAnswer(ticket)
    return [...reads, write]
  }).flat()
}

/** "12 ticket answers, 11 status changes, 11 session edits": a mixed load's writes by kind. */
export const writesByKind = (tallies: Record<string, number>) =>
  Object.entries(tallies)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(", ")
