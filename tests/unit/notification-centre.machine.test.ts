import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import type { InboxItem, InboxPage, UnreadAnswer } from "../../src/api/contract/notifications/notification.ts"
import type { LiveListener } from "../../src/api/live.api.ts"
import { playedLiveStream } from "./played-live-stream.ts"
import { notificationCentreMachine, notificationListener } from "../../src/machines/notifications/notification-centre.machine.ts"
import { flush } from "./flush.ts"

// The tab's live stream, played by the test.
const { listeners, watch } = playedLiveStream()

const item = (n: number, read = false): InboxItem => ({
  _id: `id-${n}`,
  kind: "ticket.answered",
  title: `Item ${n}`,
  link: `/ticket/${n}`,
  createdAt: "2026-11-26T10:00:00.000Z",
  read,
})
const pageOf = (items: InboxItem[], page: number, totalPages: number, unread: number): InboxPage => ({
  success: true,
  data: items,
  totalRecords: totalPages * 10,
  totalPages,
  currentPage: page,
  unread,
})

function start(options: { unread?: number[]; pages?: Record<number, InboxPage>; markReadFails?: boolean } = {}) {
  const unreadAnswers = [...(options.unread ?? [2])]
  const fetchUnread = vi.fn(async () => ({ success: true, data: { unread: unreadAnswers.length > 1 ? unreadAnswers.shift()! : unreadAnswers[0]! } }))
  const fetchPage = vi.fn(async ({ input }: { input: { page: number } }) => options.pages?.[input.page] ?? pageOf([], input.page, 1, 0))
  const markRead = vi.fn(async () => {
    if (options.markReadFails) throw new Error("offline")
    return { success: true, data: { unread: 1 } }
  })
  const markAllRead = vi.fn(async () => ({ success: true, data: { unread: 0 } }))
  const followLink = vi.fn()
  const machine = notificationCentreMachine.provide({
    // The stream opens at once here; its delay is the path tests' and the machine's own.
    delays: { liveDelay: 0 },
    actors: {
      fetchUnread: fromPromise(fetchUnread),
      fetchPage: fromPromise(fetchPage),
      markRead: fromPromise(markRead),
      markAllRead: fromPromise(markAllRead),
      watchLive: notificationListener(watch),
    },
    actions: { followLink: (_, link) => followLink(link) },
  })
  const actor = createActor(machine).start()
  return { actor, fetchUnread, fetchPage, markRead, markAllRead, followLink }
}
const tell = (event: Parameters<LiveListener["onEvent"]>[0]) => listeners.forEach((l) => l.onEvent(event))

describe("the notification bell (issue 23)", () => {
  it("counts the unread when it starts, and again when the stream says something new arrived or comes back", async () => {
    const { actor, fetchUnread } = start({ unread: [2, 3, 4] })
    await waitFor(actor, (s) => s.matches({ count: "shown", stream: "listening" }) && s.context.unread === 2)
    tell({ type: "list.changed", list: "vendors" })
    expect(fetchUnread).toHaveBeenCalledTimes(1)
    tell({ type: "notification.new" })
    await waitFor(actor, (s) => s.context.unread === 3)
    listeners.forEach((l) => l.onStatus("up"))
    await waitFor(actor, (s) => s.context.unread === 4)
    actor.stop()
    expect(listeners).toHaveLength(0)
  })

  it("lists page 1 when opened, adds the next page below, and reads from the top again when something new arrives", async () => {
    const { actor, fetchPage } = start({ pages: { 1: pageOf([item(1), item(2)], 1, 2, 2), 2: pageOf([item(3, true)], 2, 2, 2) } })
    actor.send({ type: "panel.open" })
    await waitFor(actor, (s) => s.matches({ panel: "ready", stream: "listening" }))
    expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(["id-1", "id-2"])
    actor.send({ type: "panel.more" })
    await waitFor(actor, (s) => s.matches({ panel: "ready" }) && s.context.page === 2)
    expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(["id-1", "id-2", "id-3"])
    // No page 3: nothing is fetched.
    actor.send({ type: "panel.more" })
    expect(actor.getSnapshot().matches({ panel: "ready" })).toBe(true)
    tell({ type: "notification.new" })
    await waitFor(actor, (s) => s.matches({ panel: "ready" }) && s.context.page === 1)
    expect(fetchPage).toHaveBeenCalledTimes(3)
    actor.send({ type: "panel.close" })
    expect(actor.getSnapshot().matches({ panel: "closed" })).toBe(true)
    actor.stop()
  })

  it("marks a notification read as it is opened and follows its link, even when marking fails", async () => {
    const { actor, markRead, followLink } = start({ pages: { 1: pageOf([item(1), item(2)], 1, 1, 2) } })
    actor.send({ type: "panel.open" })
    await waitFor(actor, (s) => s.matches({ panel: "ready" }))
    actor.send({ type: "item.open", id: "id-2", link: "/ticket/2" })
    await waitFor(actor, (s) => s.matches({ panel: "closed" }))
    expect(markRead).toHaveBeenCalledWith(expect.objectContaining({ input: { id: "id-2" } }))
    expect(followLink).toHaveBeenCalledWith("/ticket/2")
    expect(actor.getSnapshot().context.unread).toBe(1)
    expect(actor.getSnapshot().context.items.find((i) => i._id === "id-2")!.read).toBe(true)
    actor.stop()

    const failing = start({ pages: { 1: pageOf([item(1)], 1, 1, 1) }, markReadFails: true })
    failing.actor.send({ type: "panel.open" })
    await waitFor(failing.actor, (s) => s.matches({ panel: "ready" }))
    failing.actor.send({ type: "item.open", id: "id-1", link: "/ticket/1" })
    await waitFor(failing.actor, (s) => s.matches({ panel: "closed" }))
    expect(failing.followLink).toHaveBeenCalledWith("/ticket/1")
    failing.actor.stop()
  })

  it("marks all read at once, and only when something is unread", async () => {
    const { actor, markAllRead } = start({ pages: { 1: pageOf([item(1), item(2, true)], 1, 1, 1) } })
    actor.send({ type: "panel.open" })
    await waitFor(actor, (s) => s.matches({ panel: "ready" }))
    actor.send({ type: "all.read" })
    await waitFor(actor, (s) => s.matches({ panel: "ready" }) && s.context.unread === 0)
    expect(actor.getSnapshot().context.items.every((i) => i.read)).toBe(true)
    actor.send({ type: "all.read" })
    expect(markAllRead).toHaveBeenCalledTimes(1)
    actor.stop()
  })

  it("loses no news that arrives while the count or the list is being read: it reads them again", async () => {
    // Each read waits for the test to answer it, so news can land while one is on its way.
    const answers: Array<{ kind: "count" | "page"; answer: (unread: number) => void }> = []
    const pending = (kind: "count" | "page") => new Promise<number>((resolve) => answers.push({ kind, answer: resolve }))
    const machine = notificationCentreMachine.provide({
      delays: { liveDelay: 0 },
      actors: {
        fetchUnread: fromPromise(async (): Promise<UnreadAnswer> => ({ success: true, data: { unread: await pending("count") } })),
        fetchPage: fromPromise(async ({ input }: { input: { page: number } }) => pageOf([item(1)], input.page, 1, await pending("page"))),
        watchLive: notificationListener(watch),
      },
    })
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches({ stream: "listening" }))
    tell({ type: "notification.new" })
    // The first read, sent before the news, answers 0; the one sent after it answers 1.
    expect(answers.map((a) => a.kind)).toEqual(["count", "count"])
    answers[1]!.answer(1)
    answers[0]!.answer(0)
    await waitFor(actor, (s) => s.matches({ count: "shown" }))
    await flush()
    expect(actor.getSnapshot().context.unread).toBe(1)

    actor.send({ type: "panel.open" })
    tell({ type: "notification.new" })
    expect(answers.slice(2).map((a) => a.kind)).toEqual(["page", "count", "page"])
    answers[2]!.answer(1)
    answers[3]!.answer(2)
    await flush()
    expect(actor.getSnapshot().matches({ panel: "loading" })).toBe(true)
    answers[4]!.answer(2)
    await waitFor(actor, (s) => s.matches({ panel: "ready" }))
    expect(actor.getSnapshot().context.unread).toBe(2)
    actor.stop()
  })

  it("takes the count the server answers after marking all read, so news that came meanwhile stays counted", async () => {
    const { actor, markAllRead } = start({ pages: { 1: pageOf([item(1)], 1, 1, 1) } })
    markAllRead.mockResolvedValueOnce({ success: true, data: { unread: 1 } })
    actor.send({ type: "panel.open" })
    await waitFor(actor, (s) => s.matches({ panel: "ready" }))
    actor.send({ type: "all.read" })
    await waitFor(actor, (s) => s.matches({ panel: "ready" }) && markAllRead.mock.calls.length === 1)
    expect(actor.getSnapshot().context.unread).toBe(1)
    expect(actor.getSnapshot().context.items.every((i) => i.read)).toBe(true)
    actor.stop()
  })

  it("says so when the list cannot be loaded, and tries again on request", async () => {
    const { actor, fetchPage } = start()
    fetchPage.mockRejectedValueOnce(new Error("down"))
    actor.send({ type: "panel.open" })
    await waitFor(actor, (s) => s.matches({ panel: "failed" }))
    expect(actor.getSnapshot().context.error).toBe("Could not load your notifications.")
    actor.send({ type: "panel.retry" })
    await waitFor(actor, (s) => s.matches({ panel: "ready" }))
    actor.stop()
  })
})
