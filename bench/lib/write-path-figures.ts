import { booking, bookingPairs, firstFreeHour, HOUR, movableVendors, OTHER_STATUS, openTickets, ticketAnswer, type ApiRun } from "./api-workload.ts"
import type { ApiSession } from "./api-session.ts"
import { judge, type Figure } from "./figure.ts"
import { medianRun } from "./median.ts"
import { mixedLoad, type MixedLoad, type MixedRequest } from "./mixed-load.ts"

/** The route and its SQL probe are loaded in turn this many times; each side's requests are summed over its runs. */
const WRITE_ROUNDS = 3

/** One write of issue 31's write path: rows each client writes (no other client's), and the requests that write them. */
interface WriteWorkload {
  name: string
  /** What a row is, in the note: "tickets", "vendors", "pairs". */
  rowsAre: string
  /** Rows a client writes in one run, in turn. */
  perClient: number
  /**
   * Each run (warm-up included) writes rows of its own: a write whose request depends on the row's state (a
   * status change) leaves its rows, where the run stopped, in a state the next run's requests do not expect.
   */
  rowsPerRun: "shared" | "own"
  /** Up to `wanted` rows to write (fewer is fine: clients then share them), and how to write them. */
  prepare(session: ApiSession, wanted: number): Promise<Prepared>
}

interface Prepared {
  rows: Row[]
  /** The route's requests for one client's rows in run `run` (0 is the recorded request's), sent in this order from the first, over and over. */
  requests(rows: readonly Row[], run: number): MixedRequest[]
  /** Values of the recorded request's answer that must be new at every replay (a unique meeting key). */
  fresh?(answer: unknown): string[]
}

interface Row {
  /** The ids the write names (a ticket; a vendor; a counsellor and a client): the probe puts a row's in place of the recorded row's. */
  ids: readonly string[]
  /** What the row's write depends on (a vendor's status); none for an answer. */
  state?: string
}

/**
 * The ticket answer: `POST /userQuery/addResponse`, each client on 20 open tickets of its own, so no thread grows
 * long (the spec has an answer carry its whole thread back). Its transaction: the ticket locked, the answer, the
 * ticket's version, the events, the inbox and outbox entries.
 */
const ticketAnswers: WriteWorkload = {
  name: "ticket answer",
  rowsAre: "tickets",
  perClient: 20,
  rowsPerRun: "shared",
  prepare: async (session, wanted) => ({
    rows: (await openTickets(session, wanted)).map((id) => ({ ids: [id] })),
    requests: (rows) => rows.map(({ ids }) => ticketAnswer(ids[0]!)),
  }),
}

/**
 * The vendor status change: `PATCH /user/updateUser`, each client on 10 vendors of its own, Under Review or Temp
 * Approve, each moved to the other and back. Its transaction: the vendor locked, the status (the dashboard's counters
 * follow by trigger), the event with the snapshot before, the vendor's mail queued; the mail is sent after it.
 * Its bodies are fixed (unlike the mixed load's `vendorMove`): a client sends only these writes, its own vendors'
 * moves there and back in a cycle, so every place in the cycle always meets the status it was written for.
 */
const vendorStatusChange: WriteWorkload = {
  name: "vendor status change",
  rowsAre: "vendors",
  perClient: 10,
  rowsPerRun: "own",
  prepare: async (session, wanted) => ({
    rows: (await movableVendors(session, wanted)).map((v) => ({ ids: [v.id], state: v.status })),
    requests: (rows) =>
      [...rows.map((row) => OTHER_STATUS[row.state!]!), ...rows.map((row) => row.state!)].map((status, i) => ({
        kind: "write",
        method: "PATCH",
        path: "/user/updateUser",
        body: { userId: rows[i % rows.length]!.ids[0], status },
        status: [200],
      })),
  }),
}

/** Bookings a pair makes in one run, an hour apart: far more than a client sends in a run, so none is refused as taken. */
const BOOKINGS_PER_RUN = 400

/**
 * The session create: `POST /counselling/create`, each client booking its own counsellor and client (no person in
 * two pairs), hour after hour from the first free one, each run at hours of its own. Its transaction: both people
 * locked, the counsellor and client read, the overlap check, the client's enquiry read, the session, the event, the
 * two mails queued, the reminders; before it, the overlap read and the meeting room, after it the mails with their
 * invitations. The probe books the client's pair at the recorded hour again and again (nothing in the database
 * refuses an overlap: the service does), each time with a new meeting key.
 */
const sessionCreate: WriteWorkload = {
  name: "session create",
  rowsAre: "counsellor and client pairs",
  perClient: 1,
  rowsPerRun: "shared",
  prepare: async (session, wanted) => {
    const from = await firstFreeHour(session)
    return {
      rows: (await bookingPairs(session, wanted)).map((pair) => ({ ids: [pair.counsellorId, pair.userId] })),
      requests: (rows, run) =>
        rows.flatMap(({ ids }) =>
          Array.from({ length: BOOKINGS_PER_RUN }, (_, k): MixedRequest => ({
            kind: "write",
            method: "POST",
            path: "/counselling/create",
            body: booking({ counsellorId: ids[0]!, userId: ids[1]! }, from + (run * BOOKINGS_PER_RUN + k) * HOUR, "Benchmark booking"),
            status: [200],
          })),
        ),
      fresh: (answer) => [(answer as { data: { meetingKey: string } }).data.meetingKey],
    }
  },
}

/** Issue 31's write path, one pair of figures per write. */
export async function writePathFigures(run: ApiRun): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const workload of [ticketAnswers, vendorStatusChange, sessionCreate]) figures.push(...(await writeFigures(run, workload)))
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
  const prepared = await workload.prepare(session, rowsWanted + 1)
  const rows = prepared.rows
  const recordedOn = rows.pop()
  if (!recordedOn || rows.length === 0) throw new Error(`no rows for the ${workload.name} figure: the seed has none`)
  const perRun = workload.rowsPerRun === "shared" ? rows.length : Math.floor(rows.length / runs)
  if (perRun === 0) throw new Error(`${rows.length} rows for the ${workload.name} figure's ${runs} runs: the seed has too few`)
  const clients = Math.min(plan.connections, perRun)
  const runRows = (index: number) => (workload.rowsPerRun === "shared" ? rows : rows.slice(index * perRun, (index + 1) * perRun))
  const rowsOf = (index: number, client: number) => runRows(index).filter((_, i) => i % clients === client)

  await fetch(`${session.base}/__bench/record`, { method: "POST" })
  const [one] = prepared.requests([recordedOn], 0)
  const recorded = await fetch(`${session.base}/api/v1${one!.path}`, {
    method: one!.method,
    headers: { ...session.headers, "content-type": "application/json" },
    body: JSON.stringify(one!.body),
  })
  const fresh = recorded.status === 200 ? (prepared.fresh?.(await recorded.json()) ?? []) : (await recorded.arrayBuffer(), [])
  const { transaction } = (await (await fetch(`${session.base}/__bench/record`, { method: "DELETE" })).json()) as { transaction: { sql: string }[] }
  if (recorded.status !== 200 || transaction.length === 0)
    throw new Error(`the ${workload.name} probe recorded ${transaction.length} statements of an answer ${recorded.status}`)

  // Run 0 was the recorded request's: the runs measured (the warm-up first) are 1, 2, …
  const routeOf = (index: number) => (client: number) => prepared.requests(rowsOf(index, client), index + 1)
  const probeOf = (index: number) => (client: number) =>
    rowsOf(index, client).map(({ ids }): MixedRequest => ({
      kind: "write",
      method: "POST",
      path: "/__bench/probe",
      body: { swap: Object.fromEntries(recordedOn.ids.map((id, i) => [id, ids[i]!])), fresh },
      status: [200],
    }))
  // Each client starts at its first request: a status change's requests follow its rows' states in order. After each
  // load, outside its measured stretch, the mail it left queued is sent and its events sealed: the probe's transactions
  // append events the sealer is not told of and queue mail no request delivers, which the next route load would
  // otherwise seal and send inside its own stretch (and the route's last sealing round would fall inside the probe's).
  const loadOf = async (sequenceOf: (client: number) => MixedRequest[], seconds: number) => {
    const loaded = await mixedLoad(session.base, session.headers, sequenceOf, clients, seconds, { spread: false })
    // A settle that failed leaves the next load to pay for this one's leftovers: the figure would not be the write's.
    const settled = await fetch(`${session.base}/__bench/settle`, { method: "POST" })
    if (!settled.ok) throw new Error(`settling after a ${workload.name} load answered ${settled.status}: ${await settled.text()}`)
    return loaded
  }
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
    `${clients} clients, ${rowsOf(0, 0).length} ${workload.rowsAre} of their own each${workload.rowsPerRun === "own" ? " run" : ""}; probe: the write's ${transaction.length} statements in one transaction, ` +
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
