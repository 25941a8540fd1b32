import type { Db } from "../../db/database.ts"
import { claimDue, markFailed, markSent, nextDueAt, type ClaimedMail } from "../../db/repositories/outbox.repository.ts"
import type { Log, Mailer } from "../mail/mailer.ts"
import { groupWrites } from "./group-writes.ts"

export interface PostmanOptions {
  /**
   * With several instances, how often each looks for due rows besides its own (a row whose instance
   * died and never came back). None by default: one instance knows every row it has to retry.
   */
  pollMs?: number
  /** How long a claim lasts: longer than any one send, shorter than a restart should wait. */
  leaseMs?: number
  /** Attempts before a row is dead. */
  maxAttempts?: number
  /** The first retry's delay; each later one doubles it, up to an hour. */
  firstRetryMs?: number
  /** How long a request waits for its own notifications before answering without them. */
  waitMs?: number
}

/** Notifications told later (scheduled.ts): fired at the start of every sweep, and waited for. */
export interface ScheduledSource {
  /** Queues what has fallen due; answers the queued mail ids and the people whose bell has something new. */
  fireDue(now: Date): Promise<{ mail: string[]; people: string[] }>
  nextAt(): Promise<Date | null>
  /** Tells those people's open tabs. */
  announce(people: string[]): void
}

export interface Postman {
  /**
   * Delivers these queued rows now, the request's mailer logging with its id: `held`, those of them queued
   * already claimed for this postman, as they are, the others once claimed. Waits at most `waitMs`;
   * true when every one was sent. What is not sent stays queued for a retry.
   */
  deliver(ids: readonly string[], mailer?: Mailer, held?: readonly ClaimedMail[]): Promise<boolean>
  /** How long a claim lasts; a request that queues mail claims it for as long (queueNotifications' `sender`). */
  readonly leaseMs: number
  /** Delivers every due row; answers how many were sent. */
  deliverDue(): Promise<number>
  /** Delivers what is due now (what a process that died left), then wakes whenever a row falls due. */
  start(): void
  /** Wakes at `at` too (a notification scheduled for then), unless already waking earlier. */
  wake(at: Date): void
  stop(): Promise<void>
}

const DEFAULTS = { leaseMs: 60_000, maxAttempts: 8, firstRetryMs: 30_000, waitMs: 5_000 }
const MAX_RETRY_MS = 60 * 60 * 1000
/** setTimeout's own limit; a later wake-up is re-armed from there. */
const MAX_TIMER_MS = 2_147_483_647
const BATCH = 20
const STOP_WAIT_MS = 3_000

/**
 * Delivers the outbox (issue 23). A row is claimed before it is sent and marked after, so with several
 * instances each row has one sender; a row whose sender died is due again once the claim's lease runs
 * out, and the transport is told the row's key so a repeat after such a crash replaces rather than
 * duplicates (see Mail.deliveryId). A send that fails is retried with exponential backoff, and after
 * `maxAttempts` the row is dead: an Admin sees it and can queue it again.
 *
 * No constant polling: the postman reads the outbox when it starts, then sleeps until the earliest
 * row falls due (a retry, or a claim of a process that died), so an idle server sends the database
 * nothing. Only with several instances does each also look every `pollMs`, for rows another instance
 * queued and could not come back to.
 */
export function outboxPostman(
  deps: { db: Db; mailer: Mailer; now: () => number; warn?: Log; scheduled?: ScheduledSource },
  given: PostmanOptions = {},
): Postman {
  const options = { ...DEFAULTS, ...given }
  let started = false
  let poll: NodeJS.Timeout | null = null
  let wake: { at: number; timer: NodeJS.Timeout } | null = null
  let sweeping: Promise<number> | null = null
  let sweepAgain = false
  const inFlight = new Set<Promise<unknown>>()

  const warn = (what: string) => (error: unknown) => deps.warn?.(`${what}: ${error instanceof Error ? error.message : String(error)}`)

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work)).catch(() => {})
    return work
  }

  /** Wakes at `at` (the postman's clock) unless an earlier wake-up is already set. */
  const wakeAt = (at: number) => {
    if (!started || (wake && wake.at <= at)) return
    if (wake) clearTimeout(wake.timer)
    const timer = setTimeout(
      () => {
        wake = null
        sweepAndRearm()
      },
      Math.min(Math.max(0, at - deps.now()), MAX_TIMER_MS),
    )
    timer.unref()
    wake = { at, timer }
  }

  const sweepAndRearm = () => {
    postman.deliverDue().catch(warn("outbox not read"))
  }

  // Marks of sends that end while one is being written go together in the next statement.
  const markAllSent = groupWrites((ids) => markSent(deps.db, ids, new Date(deps.now())))

  const retryAt = (attempts: number): Date | null =>
    attempts >= options.maxAttempts ? null : new Date(deps.now() + Math.min(options.firstRetryMs * 2 ** (attempts - 1), MAX_RETRY_MS))

  async function sendOne(row: ClaimedMail, mailer: Mailer): Promise<boolean> {
    try {
      if (!row.message) throw new Error("the message was lost")
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.message.text,
        html: row.message.html,
        ...(row.message.attachments ? { attachments: row.message.attachments } : {}),
        deliveryId: { key: row.key, seq: row.seq },
      })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const next = retryAt(row.attempts)
      deps.warn?.(`mail ${row.kind} to ${row.recipient} not sent (attempt ${row.attempts}): ${message}${next ? "" : "; given up, an Admin can retry it"}`)
      // Not marked (the database went away too): the claim runs out and the row is due again then.
      await markFailed(deps.db, row.id, message.slice(0, 500), next).catch(() => wakeAt(deps.now() + options.leaseMs))
      if (next) wakeAt(next.getTime())
      return false
    }
    return true
  }

  async function claimAndSend(mailer: Mailer, ids?: readonly string[], held: readonly ClaimedMail[] = []): Promise<{ claimed: number; sent: number }> {
    const now = deps.now()
    const holding = new Set(held.map((row) => row.id))
    const toClaim = ids?.filter((id) => !holding.has(id))
    const claimed =
      toClaim && toClaim.length === 0
        ? []
        : await claimDue(deps.db, {
            now: new Date(now),
            leaseUntil: new Date(now + options.leaseMs),
            limit: toClaim ? toClaim.length : BATCH,
            ...(toClaim ? { ids: toClaim } : {}),
          })
    const rows = [...held, ...claimed]
    const results = await Promise.all(rows.map((row) => sendOne(row, mailer)))
    const sent = rows.filter((_, i) => results[i]).map((row) => row.id)
    // Marked together, once every send of the claim ended (with other claims' marks that end meanwhile). If marking
    // fails (the database went away) the lease runs out and the rows are sent again under the same delivery ids,
    // which the transport treats as repeats.
    await markAllSent(sent).catch(() => wakeAt(deps.now() + options.leaseMs))
    return { claimed: rows.length, sent: sent.length }
  }

  async function sweep(): Promise<number> {
    let sent = 0
    if (deps.scheduled) {
      // A database that went away must not keep the outbox from being read: try again in a lease's time.
      const fired = await deps.scheduled.fireDue(new Date(deps.now())).catch((error: unknown) => {
        warn("scheduled notifications not read")(error)
        wakeAt(deps.now() + options.leaseMs)
        return { mail: [], people: [] }
      })
      deps.scheduled.announce(fired.people)
    }
    for (;;) {
      const round = await claimAndSend(deps.mailer)
      sent += round.sent
      if (round.claimed < BATCH) break
    }
    // The next row to fall due: a retry, or a claim (of this process or one that died) running out.
    const next = await nextDueAt(deps.db)
    if (next) wakeAt(next.getTime())
    const scheduled = await deps.scheduled?.nextAt()
    if (scheduled) wakeAt(scheduled.getTime())
    return sent
  }

  const postman: Postman = {
    leaseMs: options.leaseMs,
    async deliver(ids, mailer = deps.mailer, held = []) {
      if (ids.length === 0) return true
      const work = track(claimAndSend(mailer, ids, held).then((round) => round.sent === ids.length))
      let timeout: NodeJS.Timeout | undefined
      const late = new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(false), options.waitMs)
      })
      try {
        return await Promise.race([work.catch(() => false), late])
      } finally {
        clearTimeout(timeout)
      }
    },
    deliverDue() {
      // One sweep at a time. A call during a sweep (a wake-up falling due while the sweep reads when the
      // next row is due) may come after the sweep claimed, so it asks for one more sweep once this one
      // ends, and shares the answer: left at sharing, a row whose claim ran out just then waited for
      // the next request or restart.
      if (sweeping) {
        sweepAgain = true
        return sweeping
      }
      const sweeps = async () => {
        let sent = 0
        do {
          sweepAgain = false
          sent += await sweep()
        } while (sweepAgain)
        return sent
      }
      sweeping = track(sweeps()).finally(() => {
        sweeping = null
      })
      return sweeping
    },
    wake(at) {
      wakeAt(at.getTime())
    },
    start() {
      if (started) return
      started = true
      sweepAndRearm()
      if (options.pollMs) {
        poll = setInterval(() => sweeping || sweepAndRearm(), options.pollMs)
        poll.unref()
      }
    },
    async stop() {
      started = false
      if (poll) clearInterval(poll)
      if (wake) clearTimeout(wake.timer)
      poll = null
      wake = null
      // A send that hangs (a mail server that never answers) must not hold the stop: its row's lease
      // runs out and another instance, or the next start, sends it.
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())])
    },
  }
  return postman
}
