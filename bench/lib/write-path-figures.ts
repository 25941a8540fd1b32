import { openTickets, type ApiRun } from "./api-workload.ts"
import type { ApiSession } from "./api-session.ts"
import { judge, type Figure } from "./figure.ts"
import { medianRun } from "./load.ts"
import { mixedLoad, type MixedLoad, type MixedRequest } from "./mixed-load.ts"

/** The route and its SQL probe are loaded in turn this many times; each side's requests are summed over its runs. */
const WRITE_ROUNDS = 3

/** One write of issue 31's write path: rows each client writes (no other client's), and the requests that write them. */
interface WriteWorkload {
  name: string
  /** Rows a client writes in one run, in turn. */
  perClient: number
  /**
   * Each run (warm-up included) writes rows of its own: a write whose request depends on the row's state (a
   * status change) leaves its rows, where the run stopped, in a state the next run's requests do not expect.
   */
  rowsPerRun: "shared" | "own"
  /** Up to `wanted` rows to write (fewer is fine: clients then share them). */
  rows(session: ApiSession, wanted: number): Promise<Row[]>
  /** The route's requests for one client's rows, sent in this order from the first, over and over. */
  requests(rows: readonly Row[]): MixedRequest[]
}

interface Row {
  id: string
  /** What the row's write depends on (a vendor's status); none for an answer. */
  state?: string
}

const ANSWER = "We are looking into it and will write again today."

/**
 * The ticket answer: `POST /userQuery/addResponse`, each client on 20 open tickets of its own, so no thread grows
 * long (the spec has an answer carry its whole thread back). Its transaction: the ticket locked, the answer, the
 * ticket's version, the events, the inbox and outbox entries.
 */
const ticketAnswer: WriteWorkload = {
  name: "ticket answer",
  perClient: 20,
  rowsPerRun: "shared",
  rows: async (session, wanted) => (await openTickets(session, wanted)).map((id) => ({ id })),
  requests: (rows) =>
    rows.map(({ id }) => ({ kind: "write", method: "POST", path: "/userQuery/addResponse", body: { queryId: id, answer: ANSWER }, status: [200] })),
}

/** The statuses a vendor moves between, back and forth, for ever: Approve is final and Reject ends the vendor's sessions. */
const OTHER_STATUS: Record<string, string> = { "Under Review": "Temp Approve", "Temp Approve": "Under Review" }

/**
 * The vendor status change: `PATCH /user/updateUser`, each client on 10 vendors of its own, Under Review or Temp
 * Approve, each moved to the other and back. Its transaction: the vendor locked, the status (the dashboard's counters
 * follow by trigger), the event with the snapshot before, the vendor's mail queued; the mail is sent after it.
 */
const vendorStatusChange: WriteWorkload = {
  name: "vendor status change",
  perClient: 10,
  rowsPerRun: "own",
  rows: async (session, wanted) => {
    const rows: Row[] = []
    for (const kind of ["pending", "temp"] as const)
      for (let page = 1; rows.length < wanted; page++) {
        const listed = await session.json<{ data: { _id: string; status: string }[] }>(`/user/allUsers/${kind}?page=${page}&limit=100`)
        rows.push(...listed.data.filter((v) => v.status in OTHER_STATUS).map((v) => ({ id: v._id, state: v.status })))
        if (listed.data.length < 100) break
      }
    return rows.slice(0, wanted)
  },
  requests: (rows) =>
    [...rows.map((row) => OTHER_STATUS[row.state!]!), ...rows.map((row) => row.state!)].map((status, i) => ({
      kind: "write",
      method: "PATCH",
      path: "/user/updateUser",
      body: { userId: rows[i % rows.length]!.id, status },
      status: [200],
    })),
}

/** Issue 31's write path, one pair of figures per write (the session create is not measured yet). */
export async function writePathFigures(run: ApiRun): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const workload of [ticketAnswer, vendorStatusChange]) figures.push(...(await writeFigures(run, workload)))
  return figures
}

/**
 * One write from every connection, each client on rows of its own, against the SQL probe of the same write: the
 * statements its transaction sent, recorded from one request and sent again in one transaction on the same driver,
 * on the client's own row, with new ids (server/plugins/bench-instrument.ts). Loaded in turn; the ratio of their
 * requests per second is what the route's own work (authentication, validation, the rules, the answer read back,
 * serialisation, the mail after the commit) leaves of the database's write speed.
 */
async function writeFigures(run: ApiRun, workload: WriteWorkload): Promise<Figure[]> {
  const { plan, margin } = run
  const session = await run.session.again()
  const runs = (plan.warmup > 0 ? 1 : 0) + WRITE_ROUNDS
  const rowsWanted = plan.connections * workload.perClient * (workload.rowsPerRun === "own" ? runs : 1)
  const rows = await workload.rows(session, rowsWanted + 1)
  const recordedOn = rows.pop()
  if (!recordedOn || rows.length === 0) throw new Error(`no rows for the ${workload.name} figure: the seed has none`)
  const perRun = workload.rowsPerRun === "shared" ? rows.length : Math.floor(rows.length / runs)
  if (perRun === 0) throw new Error(`${rows.length} rows for the ${workload.name} figure's ${runs} runs: the seed has too few`)
  const clients = Math.min(plan.connections, perRun)
  const runRows = (index: number) => (workload.rowsPerRun === "shared" ? rows : rows.slice(index * perRun, (index + 1) * perRun))
  const rowsOf = (index: number, client: number) => runRows(index).filter((_, i) => i % clients === client)

  await fetch(`${session.base}/__bench/record`, { method: "POST" })
  const [one] = workload.requests([recordedOn])
  const recorded = await fetch(`${session.base}/api/v1${one!.path}`, {
    method: one!.method,
    headers: { ...session.headers, "content-type": "application/json" },
    body: JSON.stringify(one!.body),
  })
  await recorded.arrayBuffer()
  const { transaction } = (await (await fetch(`${session.base}/__bench/record`, { method: "DELETE" })).json()) as { transaction: { sql: string }[] }
  if (recorded.status !== 200 || transaction.length === 0)
    throw new Error(`the ${workload.name} probe recorded ${transaction.length} statements of an answer ${recorded.status}`)

  const routeOf = (index: number) => (client: number) => workload.requests(rowsOf(index, client))
  const probeOf = (index: number) => (client: number) =>
    rowsOf(index, client).map(({ id }): MixedRequest => ({
      kind: "write",
      method: "POST",
      path: "/__bench/probe",
      body: { swap: { [recordedOn.id]: id } },
      status: [200],
    }))
  // Each client starts at its first request: a status change's requests follow its rows' states in order.
  const loadOf = (sequenceOf: (client: number) => MixedRequest[], seconds: number) =>
    mixedLoad(session.base, session.headers, sequenceOf, clients, seconds, { spread: false })
  let index = 0
  if (plan.warmup > 0) {
    await loadOf(routeOf(index), plan.warmup)
    await loadOf(probeOf(index++), plan.warmup)
  }
  const route: MixedLoad[] = []
  const probe: MixedLoad[] = []
  for (let round = 0; round < WRITE_ROUNDS; round++, index++) {
    route.push(await loadOf(routeOf(index), plan.duration))
    // The probe writes the same rows the route just did: their states no longer matter to this run.
    probe.push(await loadOf(probeOf(index), plan.duration))
  }
  const rps = (loads: MixedLoad[]) => loads.reduce((sum, l) => sum + l.write.count, 0) / (loads.length * plan.duration)
  const median = medianRun<MixedLoad>
  const failed = [...route, ...probe].reduce((sum, l) => sum + l.failed, 0)
  const routeP99 = median(route, (l) => l.write.p99)
  const note =
    `${clients} clients, ${rowsOf(0, 0).length} ${workload.rowsPerRun === "own" ? "rows of their own each run" : "rows of their own each"}; probe: the write's ${transaction.length} statements in one transaction, ` +
    `${Math.round(rps(probe))} req/s, p99 ${median(probe, (l) => l.write.p99).toFixed(1)} ms; ${WRITE_ROUNDS} runs of each, in turn` +
    (failed > 0 ? `; ${failed} answers failed` : "")
  const figures = [
    judge(
      {
        name: `Write path: ${workload.name} vs its plain SQL probe`,
        rps: rps(route),
        p50: median(route, (l) => l.write.p50),
        p99: routeP99,
        value: rps(route) / rps(probe),
        unit: "× SQL probe rps",
        note,
        ci: true,
        errors: failed,
      },
      { target: "≥ 0.5 × the SQL probe's rps", limit: 0.5, better: "higher" },
      margin,
    ),
  ]
  if (run.db === "postgres")
    figures.push(
      judge(
        { name: `Write path: ${workload.name} p99`, value: routeP99, unit: "ms p99", note: `median of ${WRITE_ROUNDS} runs`, errors: failed },
        { target: "p99 ≤ 50 ms on PostgreSQL", limit: 50, better: "lower" },
        margin,
      ),
    )
  return figures
}
