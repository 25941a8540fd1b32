import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate"
import { authMachine, SESSION_LIFETIME_MS, SESSION_WARNING_MS } from "../../src/machines/auth.machine.ts"

const user = { _id: "u1", name: "Uma User", email: "user@demo.test", role: "User" as const, organizationId: null }

function start(stored: Parameters<typeof createActor<typeof authMachine>>[1] extends infer _ ? unknown : never = null, endServerSession: () => Promise<unknown> = () => Promise.resolve({})) {
  const clock = new SimulatedClock()
  const goToLogin = vi.fn()
  const persisted: unknown[] = []
  const cleared = vi.fn()
  const actor = createActor(
    authMachine.provide({
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
    expect(actor.getSnapshot().matches({ signedIn: "expiring" })).toBe(true)
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
    const actor = createActor(authMachine.provide({ actions: { goToLogin: () => {}, clearStoredSession: () => {} } }), {
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
    const actor = createActor(authMachine.provide({ actions: { goToLogin: () => {}, clearStoredSession: () => {} } }), {
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
