import { describe, expect, it, vi } from "vitest"
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { TicketThread } from "../../src/api/contract/tickets/ticket.ts"
import { TICKET_POLL_MS, ticketChatMachine, type Viewer } from "../../src/machines/tickets/ticket-chat.machine.ts"
import { flush } from "./flush.ts"
import { answerBy, questionBy, thread } from "./ticket-samples.ts"

const admin: Viewer = { id: "u-admin", role: "Admin" }
const raiser: Viewer = { id: "u-lawyer", role: "Lawyer" }
type Polled = { changed: false } | { changed: true; answer: { data: TicketThread }; etag: string }

function start(
  options: {
    viewer?: Viewer
    first?: TicketThread
    load?: () => Promise<unknown>
    polls?: Polled[]
    send?: (input: unknown) => Promise<unknown>
    close?: () => Promise<unknown>
  } = {},
) {
  const clock = new SimulatedClock()
  const polls = [...(options.polls ?? [])]
  const pollThread = vi.fn(async (_: { input: { etag: string | null } }) => polls.shift() ?? { changed: false })
  const sendMessage = vi.fn(async ({ input }: { input: unknown }) =>
    (options.send ?? (async () => ({ data: thread({ responses: [questionBy("Any news?")] }) })))(input),
  )
  const closeTicket = vi.fn(options.close ?? (async () => ({ data: thread({ status: true }) })))
  const loadThread = vi.fn(options.load ?? (async () => ({ thread: options.first ?? thread(), etag: '"q1.1"' })))
  // The live stream, played by the test: `live.send` plays what the stream tells the chat.
  const live: { send: (event: EventObject) => void } = { send: () => {} }
  const watchLive = fromCallback<EventObject, { queryId: string }>(({ sendBack }) => {
    live.send = sendBack
    return () => {}
  })
  const actor = createActor(
    ticketChatMachine.provide({
      actors: {
        loadThread: fromPromise(loadThread as never),
        pollThread: fromPromise(pollThread as never),
        sendMessage: fromPromise(sendMessage as never),
        closeTicket: fromPromise(closeTicket as never),
        watchLive: watchLive as never,
      },
    }),
    { input: { queryId: "q1", viewer: options.viewer ?? raiser }, clock },
  ).start()
  return { actor, clock, pollThread, sendMessage, closeTicket, loadThread, live }
}

describe("ticket chat machine", () => {
  it("with the live stream up, polls nothing and reads the chat as soon as a change of this ticket is announced; polls again once the stream is down", async () => {
    const news = thread({ responses: [answerBy("Live answer.")] })
    const { actor, clock, pollThread, live } = start({ polls: [{ changed: true, answer: { data: news }, etag: '"q1.2"' }] })
    await flush()
    live.send({ type: "live.up" })
    clock.increment(TICKET_POLL_MS * 3)
    await flush()
    expect(pollThread).not.toHaveBeenCalled()
    live.send({ type: "live.changed" })
    await flush()
    expect(pollThread).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.thread).toEqual(news)
    live.send({ type: "live.down" })
    clock.increment(TICKET_POLL_MS)
    await flush()
    expect(pollThread).toHaveBeenCalledTimes(2)
  })

  it("polls every 5 seconds with the last ETag, keeping the chat on 304 and taking news on 200", async () => {
    const news = thread({ responses: [answerBy("Fixed, please retry.")] })
    const { actor, clock, pollThread } = start({ polls: [{ changed: false }, { changed: true, answer: { data: news }, etag: '"q1.2"' }] })
    await flush()
    expect(actor.getSnapshot().context.thread?.responses).toEqual([])
    clock.increment(TICKET_POLL_MS - 1)
    expect(pollThread).not.toHaveBeenCalled()
    clock.increment(1)
    await flush()
    expect(pollThread).toHaveBeenCalledTimes(1)
    expect(pollThread.mock.calls[0]![0].input.etag).toBe('"q1.1"')
    expect(actor.getSnapshot().context.thread?.responses).toEqual([])
    clock.increment(TICKET_POLL_MS)
    await flush()
    expect(actor.getSnapshot().context.thread).toEqual(news)
    clock.increment(TICKET_POLL_MS)
    await flush()
    expect(pollThread.mock.calls[2]![0].input.etag).toBe('"q1.2"')
  })

  it("stops polling when the page closes (the actor stops)", async () => {
    const { actor, clock, pollThread } = start()
    await flush()
    actor.stop()
    clock.increment(TICKET_POLL_MS * 4)
    await flush()
    expect(pollThread).not.toHaveBeenCalled()
  })

  it("stops polling once the ticket is closed, and never polls a closed one", async () => {
    const closed = thread({ status: true })
    const { clock, pollThread } = start({ polls: [{ changed: true, answer: { data: closed }, etag: '"q1.3"' }] })
    await flush()
    clock.increment(TICKET_POLL_MS)
    await flush()
    clock.increment(TICKET_POLL_MS * 3)
    await flush()
    expect(pollThread).toHaveBeenCalledTimes(1)
    const already = start({ first: closed })
    await flush()
    already.clock.increment(TICKET_POLL_MS * 3)
    expect(already.pollThread).not.toHaveBeenCalled()
  })

  it("ignores a poll that returns older data than a send already gave", async () => {
    const { actor, clock } = start({ polls: [{ changed: true, answer: { data: thread() }, etag: '"q1.1"' }] })
    await flush()
    actor.send({ type: "draft.change", value: "Any news?" })
    actor.send({ type: "message.send" })
    await flush()
    clock.increment(TICKET_POLL_MS)
    await flush()
    expect(actor.getSnapshot().context.thread?.responses).toHaveLength(1)
  })

  it("enables Send only for a non-blank message, disables it while sending, sends the raiser's text as a question", async () => {
    let release: (value: unknown) => void = () => {}
    const { actor, sendMessage } = start({ send: () => new Promise((resolve) => (release = resolve)) })
    await flush()
    expect(actor.getSnapshot().can({ type: "message.send" })).toBe(false)
    actor.send({ type: "draft.change", value: "   " })
    expect(actor.getSnapshot().can({ type: "message.send" })).toBe(false)
    actor.send({ type: "draft.change", value: "  Any news?  " })
    expect(actor.getSnapshot().can({ type: "message.send" })).toBe(true)
    actor.send({ type: "message.send" })
    expect(actor.getSnapshot().hasTag("sending")).toBe(true)
    expect(actor.getSnapshot().can({ type: "message.send" })).toBe(false)
    await flush()
    expect(sendMessage.mock.calls[0]![0].input).toEqual({ queryId: "q1", role: "Lawyer", text: "Any news?" })
    release({ data: thread({ responses: [questionBy("Any news?")] }) })
    await flush()
    expect(actor.getSnapshot().context.draft).toBe("")
    expect(actor.getSnapshot().context.thread?.responses[0]?.question).toBe("Any news?")
  })

  it("keeps the message and shows the server's reason when sending fails", async () => {
    const { actor } = start({ send: () => Promise.reject(new ApiError("http", 409, "Conflict", "This ticket is closed and takes no new responses.")) })
    await flush()
    actor.send({ type: "draft.change", value: "Hello?" })
    actor.send({ type: "message.send" })
    await flush()
    expect(actor.getSnapshot().context).toMatchObject({ draft: "Hello?", error: "This ticket is closed and takes no new responses." })
  })

  it("lets the Admin close an open ticket after confirming; nobody else, and not twice", async () => {
    const user = start()
    await flush()
    expect(user.actor.getSnapshot().can({ type: "close.request" })).toBe(false)
    const { actor, closeTicket, sendMessage } = start({ viewer: admin })
    await flush()
    actor.send({ type: "draft.change", value: "Fixed." })
    actor.send({ type: "close.request" })
    actor.send({ type: "close.cancel" })
    expect(closeTicket).not.toHaveBeenCalled()
    actor.send({ type: "close.request" })
    expect(actor.getSnapshot().matches({ ready: { closing: "confirming" } })).toBe(true)
    actor.send({ type: "close.confirm" })
    expect(actor.getSnapshot().hasTag("closing")).toBe(true)
    await flush()
    expect(closeTicket).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().context.thread?.status).toBe(true)
    expect(actor.getSnapshot().matches({ ready: { poll: "stopped" } })).toBe(true)
    expect(actor.getSnapshot().can({ type: "close.request" })).toBe(false)
    expect(actor.getSnapshot().can({ type: "message.send" })).toBe(false)
    expect(sendMessage).not.toHaveBeenCalled()
  })

  it("a ticket that is not the viewer's (403) or does not exist (404) says so, with nothing to retry", async () => {
    for (const error of [
      new ApiError("http", 403, "Forbidden", "You can only see your own tickets."),
      new ApiError("http", 404, "Not Found", "Ticket not found."),
    ]) {
      const { actor } = start({
        load: async () => {
          throw error
        },
      })
      await flush()
      expect(actor.getSnapshot().value).toBe("missing")
      expect(actor.getSnapshot().context.loadError).toBe(error.message)
      expect(actor.getSnapshot().can({ type: "retry" })).toBe(false)
      actor.stop()
    }
  })

  it("shows why the ticket could not be read, and reads again on retry", async () => {
    let fail = true
    const { actor, loadThread } = start({
      load: async () => {
        if (fail) throw new ApiError("http", 500, "Internal Server Error", "Something went wrong.")
        return { thread: thread(), etag: '"q1.1"' }
      },
    })
    await flush()
    expect(actor.getSnapshot().value).toBe("failed")
    expect(actor.getSnapshot().context.loadError).toBe("Something went wrong.")
    fail = false
    actor.send({ type: "retry" })
    await flush()
    expect(loadThread).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().matches("ready")).toBe(true)
  })
})
