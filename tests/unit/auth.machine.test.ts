import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { RenewedSessionAnswer } from "../../src/api/contract/account/user.ts"
import { authMachine, REFRESH_AHEAD_MS, REFRESH_RETRY_MS, SESSION_LIFETIME_MS, SESSION_WARNING_MS } from "../../src/machines/account/auth.machine.ts"

/** The machine with its calls to the server answered here: a unit test never reaches the network. */
const offlineAuthMachine = authMachine.provide({
  actors: {
    endServerSession: fromPromise<unknown>(async () => ({ success: true, message: "Logged out successfully." })),
    refreshSession: fromPromise<RenewedSessionAnswer, { refreshToken: string }>(async () => {
      throw new Error("This test does not expect a renewal")
    }),
  },
})

const user = { _id: "u1", name: "Uma User", email: "user@demo.test", role: "User" as const, organizationId: null }

function start(
  stored: Parameters<typeof createActor<typeof offlineAuthMachine>>[1] extends infer _ ? unknown : never = null,
  endServerSession: () => Promise<unknown> = () => Promise.resolve({}),
) {
  const clock = new SimulatedClock()
  const goToLogin = vi.fn()
  const persisted: unknown[] = []
  const cleared = vi.fn()
  const actor = createActor(
    offlineAuthMachine.provide({
      actions: { goToLogin, persistSession: ({ context }) => void persisted.push(context.session), clearStoredSession: cleared },
      actors: { endServerSession: fromPromise<unknown>(endServerSession) },
    }),
    { input: { stored: stored as never, now: () => clock.now() }, clock },
  ).start()
  return { actor, clock, goToLogin, persisted, cleared }
}

describe("auth machine", () => {
  it("stores tokens and user on sign-in", () => {
    const { actor, persisted } = start()
    actor.send({ type: "auth.signedIn", accessToken: "a", refreshToken: "r", user, remember: true })
    expect(actor.getSnapshot().matches("signedIn")).toBe(true)
    expect(persisted).toEqual([{ accessToken: "a", refreshToken: "r", user, remember: true, expiresAt: SESSION_LIFETIME_MS }])
  })

  it("logs out by itself 2 hours after sign-in and goes to /login", () => {
    const { actor, clock, goToLogin, cleared } = start()
    actor.send({ type: "auth.signedIn", accessToken: "a", refreshToken: "r", user, remember: false })
    clock.increment(SESSION_LIFETIME_MS - 1)
    expect(actor.getSnapshot().matches("signedIn")).toBe(true)
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe("signedOut")
    expect(actor.getSnapshot().context.session).toBeNull()
    expect(goToLogin).toHaveBeenCalledOnce()
    expect(cleared).toHaveBeenCalled()
  })

  it("warns 5 minutes before the automatic logout, and a new sign-in starts the 2 hours again", () => {
    const { actor, clock } = start()
    actor.send({ type: "auth.signedIn", accessToken: "a", refreshToken: "r", user, remember: false })
    clock.increment(SESSION_LIFETIME_MS - SESSION_WARNING_MS - 1)
    expect(actor.getSnapshot().hasTag("expiring")).toBe(false)
    clock.increment(1)
    expect(actor.getSnapshot().hasTag("expiring")).toBe(true)
    expect(actor.getSnapshot().matches({ signedIn: { clock: "expiring" } })).toBe(true)
    // New tokens (a password change) do not move the deadline or the warning.
    actor.send({ type: "auth.sessionRenewed", accessToken: "b", refreshToken: "s", user })
    expect(actor.getSnapshot().hasTag("expiring")).toBe(true)
    expect(actor.getSnapshot().context.session).toMatchObject({ accessToken: "b", refreshToken: "s", expiresAt: SESSION_LIFETIME_MS })
    actor.send({ type: "auth.signedIn", accessToken: "c", refreshToken: "t", user, remember: false })
    expect(actor.getSnapshot().hasTag("expiring")).toBe(false)
  })

  it("warns at once when a session is restored with less than 5 minutes left", () => {
    const clock = new SimulatedClock()
    clock.set(1000)
    const actor = createActor(offlineAuthMachine.provide({ actions: { goToLogin: () => {}, clearStoredSession: () => {} } }), {
      input: { stored: { accessToken: "a", refreshToken: "r", user, remember: true, expiresAt: 1000 + 60_000 }, now: () => clock.now() },
      clock,
    }).start()
    clock.increment(0)
    expect(actor.getSnapshot().hasTag("expiring")).toBe(true)
  })

  it.each([
    ["answers", () => Promise.resolve({ success: true, message: "Logged out successfully." })],
    ["fails", () => Promise.reject(new Error("offline"))],
  ])("on Logout asks the server to end the session, and forgets it locally when the call %s", async (_, answer) => {
    const calls: string[] = []
    const { actor, goToLogin, cleared } = start(null, () => {
      // The call goes out while the token is still held, so the client can send it.
      calls.push(actor.getSnapshot().context.session?.accessToken ?? "none")
      return answer()
    })
    actor.send({ type: "auth.signedIn", accessToken: "a", refreshToken: "r", user, remember: false })
    actor.send({ type: "auth.logout" })
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(calls).toEqual(["a"])
    expect(actor.getSnapshot().context.session).toBeNull()
    expect(goToLogin).toHaveBeenCalledOnce()
    expect(cleared).toHaveBeenCalled()
  })

  it("keeps an Admin's duty to enrol two-factor with the session", () => {
    const { actor, persisted } = start()
    actor.send({ type: "auth.signedIn", accessToken: "a", refreshToken: "r", user, remember: false, mustEnrolTwoFactor: true })
    expect(persisted).toEqual([{ accessToken: "a", refreshToken: "r", user, remember: false, expiresAt: SESSION_LIFETIME_MS, mustEnrolTwoFactor: true }])
  })

  it("logs out on any 401", () => {
    const { actor, goToLogin } = start()
    actor.send({ type: "auth.signedIn", accessToken: "a", refreshToken: "r", user, remember: false })
    actor.send({ type: "auth.unauthorized" })
    expect(actor.getSnapshot().value).toBe("signedOut")
    expect(goToLogin).toHaveBeenCalledOnce()
  })

  it("keeps the original deadline when restored after a reload", () => {
    const clock = new SimulatedClock()
    clock.set(1000)
    const actor = createActor(offlineAuthMachine.provide({ actions: { goToLogin: () => {}, clearStoredSession: () => {} } }), {
      input: { stored: { accessToken: "a", refreshToken: "r", user, remember: true, expiresAt: 1000 + 5000 }, now: () => clock.now() },
      clock,
    }).start()
    expect(actor.getSnapshot().matches("signedIn")).toBe(true)
    clock.increment(5000)
    expect(actor.getSnapshot().value).toBe("signedOut")
  })

  it("discards an expired stored session at start", () => {
    const { actor, cleared } = start({ accessToken: "a", refreshToken: "r", user, remember: true, expiresAt: -1 } as never)
    expect(actor.getSnapshot().value).toBe("signedOut")
    expect(cleared).toHaveBeenCalled()
  })
})

/** A token shaped like the server's: only its lifetime (`exp` - `iat`, seconds) matters to the console. */
const jwt = (issuedAtMs: number, endsAtMs: number, id: string) =>
  `h.${btoa(JSON.stringify({ iat: issuedAtMs / 1000, exp: endsAtMs / 1000, id })).replace(/=+$/, "")}.s`
const ACCESS_MS = 15 * 60 * 1000

describe("auth machine: renewing the 15-minute access token", () => {
  function startRefreshing(answers: Array<(refreshToken: string, now: number) => Promise<unknown>>) {
    const clock = new SimulatedClock()
    const sent: string[] = []
    const goToLogin = vi.fn()
    const actor = createActor(
      offlineAuthMachine.provide({
        actions: { goToLogin, persistSession: () => {}, clearStoredSession: () => {} },
        actors: {
          refreshSession: fromPromise<RenewedSessionAnswer, { refreshToken: string }>(({ input }) => {
            sent.push(input.refreshToken)
            return answers.shift()!(input.refreshToken, clock.now()) as Promise<RenewedSessionAnswer>
          }),
        },
      }),
      { input: { stored: null, now: () => clock.now() }, clock },
    ).start()
    return { actor, clock, sent, goToLogin }
  }
  const renewed = (refreshToken: string, now: number) =>
    Promise.resolve({
      success: true,
      message: "Session renewed.",
      data: { accessToken: jwt(now, Math.min(now + ACCESS_MS, SESSION_LIFETIME_MS), refreshToken), refreshToken: `${refreshToken}+`, user },
    })

  it("renews a minute before the token ends, with the newest refresh token each time, and never past the 2 hours", async () => {
    const { actor, clock, sent, goToLogin } = startRefreshing(Array.from({ length: 8 }, () => renewed))
    actor.send({ type: "auth.signedIn", accessToken: jwt(0, ACCESS_MS, "first"), refreshToken: "r", user, remember: false })
    clock.increment(ACCESS_MS - REFRESH_AHEAD_MS - 1)
    expect(sent).toEqual([])
    clock.increment(1)
    await waitFor(actor, (s) => s.matches({ signedIn: { tokens: "fresh" } }) && s.context.session?.refreshToken === "r+")
    expect(sent).toEqual(["r"])
    expect(actor.getSnapshot().context.session?.expiresAt).toBe(SESSION_LIFETIME_MS)
    for (let at = clock.now(); at < SESSION_LIFETIME_MS - ACCESS_MS;) {
      clock.increment(ACCESS_MS - REFRESH_AHEAD_MS)
      at = clock.now()
      await waitFor(actor, (s) => s.matches({ signedIn: { tokens: "fresh" } }) && s.context.session?.refreshToken === `r${"+".repeat(sent.length)}`)
    }
    // The last token ends with the sign-in: no refresh is asked for it, and the 2-hour logout comes on time.
    const asked = sent.length
    clock.increment(SESSION_LIFETIME_MS - clock.now() - 1)
    expect(sent.length).toBe(asked)
    expect(actor.getSnapshot().matches("signedIn")).toBe(true)
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe("signedOut")
    expect(goToLogin).toHaveBeenCalledOnce()
  })

  it("signs out and goes to /login when the server refuses the refresh (the sign-in was ended)", async () => {
    const { actor, clock, goToLogin } = startRefreshing([
      () => Promise.reject(new ApiError("http", 401, "Unauthorized", "Your session has ended. Please sign in again.")),
    ])
    actor.send({ type: "auth.signedIn", accessToken: jwt(0, ACCESS_MS, "a"), refreshToken: "r", user, remember: true })
    clock.increment(ACCESS_MS - REFRESH_AHEAD_MS)
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(actor.getSnapshot().context.session).toBeNull()
    expect(goToLogin).toHaveBeenCalledOnce()
  })

  it("tries again shortly when the refresh gets no answer, and keeps the session", async () => {
    const { actor, clock, sent } = startRefreshing([() => Promise.reject(new ApiError("network", 0, "", "Could not reach the server.")), renewed])
    actor.send({ type: "auth.signedIn", accessToken: jwt(0, ACCESS_MS, "a"), refreshToken: "r", user, remember: true })
    clock.increment(ACCESS_MS - REFRESH_AHEAD_MS)
    await waitFor(actor, (s) => s.matches({ signedIn: { tokens: "retrying" } }))
    clock.increment(REFRESH_RETRY_MS)
    await waitFor(actor, (s) => s.context.session?.refreshToken === "r+")
    expect(sent).toEqual(["r", "r"])
  })

  it("renews at once when a call finds the token ended (the device slept through the timer), and a call while offline tries again", async () => {
    const { actor, clock, sent } = startRefreshing([() => Promise.reject(new ApiError("network", 0, "", "Could not reach the server.")), renewed])
    actor.send({ type: "auth.signedIn", accessToken: jwt(0, ACCESS_MS, "a"), refreshToken: "r", user, remember: true })
    clock.increment(5 * 60 * 1000)
    actor.send({ type: "auth.tokenNeeded" })
    await waitFor(actor, (s) => s.matches({ signedIn: { tokens: "retrying" } }))
    actor.send({ type: "auth.tokenNeeded" })
    await waitFor(actor, (s) => s.context.session?.refreshToken === "r+")
    expect(sent).toEqual(["r", "r"])
  })

  it("times the renewal from the new token after a password change", async () => {
    const { actor, clock, sent } = startRefreshing([renewed])
    actor.send({ type: "auth.signedIn", accessToken: jwt(0, ACCESS_MS, "a"), refreshToken: "r", user, remember: true })
    clock.increment(10 * 60 * 1000)
    actor.send({ type: "auth.sessionRenewed", accessToken: jwt(clock.now(), clock.now() + ACCESS_MS, "b"), refreshToken: "changed", user })
    clock.increment(ACCESS_MS - REFRESH_AHEAD_MS - 10 * 60 * 1000)
    expect(sent).toEqual([])
    clock.increment(10 * 60 * 1000)
    await waitFor(actor, (s) => s.context.session?.refreshToken === "changed+")
    expect(sent).toEqual(["changed"])
  })
})

describe("auth machine: a device whose clock is off", () => {
  it("counts the token's 15 minutes from when it arrived, not from the server's clock, so it renews once, not in a loop", async () => {
    const clock = new SimulatedClock()
    const sent: string[] = []
    // The server's clock is two hours behind this device's: every token's exp is already past here.
    const serverNow = () => clock.now() - SESSION_LIFETIME_MS
    const actor = createActor(
      offlineAuthMachine.provide({
        actions: { goToLogin: () => {}, persistSession: () => {}, clearStoredSession: () => {} },
        actors: {
          refreshSession: fromPromise<RenewedSessionAnswer, { refreshToken: string }>(async ({ input }) => {
            sent.push(input.refreshToken)
            return {
              success: true,
              message: "Session renewed.",
              data: { accessToken: jwt(serverNow(), serverNow() + ACCESS_MS, "n"), refreshToken: `${input.refreshToken}+`, user },
            }
          }),
        },
      }),
      { input: { stored: null, now: () => clock.now() }, clock },
    ).start()
    clock.set(SESSION_LIFETIME_MS)
    actor.send({ type: "auth.signedIn", accessToken: jwt(serverNow(), serverNow() + ACCESS_MS, "a"), refreshToken: "r", user, remember: false })
    await Promise.resolve()
    expect(sent).toEqual([])
    clock.increment(ACCESS_MS - REFRESH_AHEAD_MS)
    await waitFor(actor, (s) => s.context.session?.refreshToken === "r+")
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(sent).toEqual(["r"])
  })
})

describe("auth machine: what was typed when the session ended by itself", () => {
  const other = { ...user, _id: "u2", email: "other@demo.test" }
  const typed = { path: "/ticket/q1", fields: [{ label: "Message", value: "Half of my answer" }] }
  function startKeeping() {
    const clock = new SimulatedClock()
    const putBack = vi.fn()
    const actor = createActor(
      offlineAuthMachine.provide({
        actions: { goToLogin: () => {}, persistSession: () => {}, clearStoredSession: () => {}, putBackKept: (_, kept) => putBack(kept) },
      }),
      { input: { stored: null, now: () => clock.now(), readTypedInput: () => typed }, clock },
    ).start()
    return { actor, clock, putBack }
  }

  it("keeps it at the 2-hour logout for the same person's next sign-in, who can put it back or discard it", () => {
    const { actor, clock, putBack } = startKeeping()
    actor.send({ type: "auth.signedIn", accessToken: "a", refreshToken: "r", user, remember: false })
    clock.increment(SESSION_LIFETIME_MS)
    expect(actor.getSnapshot().value).toBe("signedOut")
    expect(actor.getSnapshot().context.kept).toEqual({ userId: "u1", ...typed })
    actor.send({ type: "auth.signedIn", accessToken: "b", refreshToken: "s", user, remember: false })
    expect(actor.getSnapshot().context.kept).toEqual({ userId: "u1", ...typed })
    actor.send({ type: "kept.putBack" })
    expect(putBack).toHaveBeenCalledWith({ userId: "u1", ...typed })
    actor.send({ type: "kept.discard" })
    expect(actor.getSnapshot().context.kept).toBeNull()
  })

  it("keeps it when the server ends the session (a 401), and never shows it to someone else signing in", () => {
    const { actor } = startKeeping()
    actor.send({ type: "auth.signedIn", accessToken: "a", refreshToken: "r", user, remember: false })
    actor.send({ type: "auth.unauthorized" })
    expect(actor.getSnapshot().context.kept?.userId).toBe("u1")
    actor.send({ type: "auth.signedIn", accessToken: "b", refreshToken: "s", user: other, remember: false })
    expect(actor.getSnapshot().context.kept).toBeNull()
  })

  it("keeps nothing when the person logs out themselves", async () => {
    const { actor } = startKeeping()
    actor.send({ type: "auth.signedIn", accessToken: "a", refreshToken: "r", user, remember: false })
    actor.send({ type: "auth.logout" })
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(actor.getSnapshot().context.kept).toBeNull()
  })
})
