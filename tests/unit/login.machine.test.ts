import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import { loginMachine } from "../../src/machines/account/login.machine.ts"

const user = { _id: "u1", name: "Asha Admin", email: "admin@demo.test", role: "Admin" as const, organizationId: null }

function start(options: { signIn?: () => Promise<unknown>; sendResetLink?: () => Promise<{ status: number }> } = {}) {
  const signIn = vi.fn(options.signIn ?? (async () => ({ data: { accessToken: "a", refreshToken: "r", user }, message: "Login successful!" })))
  const sendResetLink = vi.fn(options.sendResetLink ?? (async () => ({ status: 200 })))
  const signedIn = vi.fn()
  const navigate = vi.fn()
  const actor = createActor(
    loginMachine.provide({
      actors: { signIn: fromPromise(signIn as never), sendResetLink: fromPromise(sendResetLink as never) },
      actions: { signedIn: (_, params) => signedIn(params), navigate: (_, params) => navigate(params) },
    }),
  ).start()
  return { actor, signIn, sendResetLink, signedIn, navigate }
}

const fill = (actor: ReturnType<typeof start>["actor"], email: string, password: string) => {
  actor.send({ type: "field.change", field: "email", value: email })
  actor.send({ type: "field.change", field: "password", value: password })
}

describe("login machine", () => {
  it("refuses blank (after trimming) fields with the spec's message and makes no call", () => {
    const { actor, signIn } = start()
    fill(actor, "  ", "secret")
    actor.send({ type: "login.submit" })
    expect(actor.getSnapshot().context.message).toEqual({ text: "Email and password are required.", tone: "error" })
    expect(signIn).not.toHaveBeenCalled()
  })

  it("signs in with trimmed credentials, hands over the session and goes to '/'", async () => {
    const { actor, signIn, signedIn, navigate } = start()
    fill(actor, " admin@demo.test ", " Demo@12345 ")
    actor.send({ type: "remember.toggle" })
    actor.send({ type: "login.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches({ login: "signedIn" }))
    expect((signIn.mock.calls[0] as unknown[])[0]).toMatchObject({ input: { email: "admin@demo.test", password: "Demo@12345" } })
    expect(signedIn).toHaveBeenCalledWith(expect.objectContaining({ remember: true }))
    expect(navigate).toHaveBeenCalledWith({ to: "/" })
  })

  it("shows 'Login failed. Invalid response data.' when the answer lacks tokens", async () => {
    const { actor } = start({ signIn: () => Promise.reject(new ApiError("decode", 200, "OK", "data.refreshToken: is required")) })
    fill(actor, "a@b.co", "x")
    actor.send({ type: "login.submit" })
    await waitFor(actor, (s) => s.matches({ login: "editing" }) && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text: "Login failed. Invalid response data.", tone: "error" })
  })

  it("shows the server's message, or 'Login failed.' when there is none", async () => {
    const { actor } = start({ signIn: () => Promise.reject(new ApiError("http", 401, "Unauthorized", "Invalid email or password.")) })
    fill(actor, "a@b.co", "x")
    actor.send({ type: "login.submit" })
    await waitFor(actor, (s) => s.context.message !== null)
    expect(actor.getSnapshot().context.message?.text).toBe("Invalid email or password.")
    const network = start({ signIn: () => Promise.reject(new ApiError("network", 0, "", "Could not reach the server.")) })
    fill(network.actor, "a@b.co", "x")
    network.actor.send({ type: "login.submit" })
    await waitFor(network.actor, (s) => s.context.message !== null)
    expect(network.actor.getSnapshot().context.message?.text).toBe("Login failed.")
  })

  it.each([
    [new ApiError("http", 404, "Not Found", "x"), "User does not exist."],
    [new ApiError("http", 500, "Internal Server Error", "x"), "Error: Internal Server Error"],
    [new ApiError("network", 0, "", "x"), "Error: Could not send reset link. Please try again later."],
  ])("maps a reset-link failure to the spec's message (%#)", async (error, text) => {
    const { actor } = start({ sendResetLink: () => Promise.reject(error) })
    actor.send({ type: "reset.open" })
    actor.send({ type: "field.change", field: "resetEmail", value: "x@y.co" })
    actor.send({ type: "reset.submit" })
    await waitFor(actor, (s) => s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text, tone: "error" })
  })

  it("confirms a sent link in green, and switching modes clears the message", async () => {
    const { actor } = start()
    actor.send({ type: "reset.open" })
    actor.send({ type: "field.change", field: "resetEmail", value: "x@y.co" })
    actor.send({ type: "reset.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text: "Password reset link sent successfully! Check your email.", tone: "success" })
    actor.send({ type: "reset.back" })
    expect(actor.getSnapshot().context.message).toBeNull()
    expect(actor.getSnapshot().matches("login")).toBe(true)
  })
})
