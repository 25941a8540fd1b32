import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, configureApiClient } from "../../src/api/client.ts"
import { endpoint } from "../../src/api/contract/endpoint.ts"
import { startTestServer } from "./test-server.ts"

/**
 * A password change ends every session of the person, this tab's included, and answers the one it goes
 * on with. A call the tab makes meanwhile (the bell hearing of the change's own notification) meets a 401
 * for the session being replaced: it must not sign the tab out.
 */
const Ok = Schema.Struct({ ok: Schema.Boolean })
const renew = endpoint({ name: "renew", signIn: true, method: "POST", path: "/renew", answer: Ok, access: "signedIn", summary: "a password change" })
const read = endpoint({ name: "read", method: "GET", path: "/read", answer: Ok, access: "signedIn", summary: "the bell" })

let server: Awaited<ReturnType<typeof startTestServer>>
let baseURL = ""
/** Handed the function that answers the renewal, once the server holds it. */
let renewalHeld: (answer: () => void) => void = () => {}
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const answer = (status: number) => {
      response.writeHead(status, { "content-type": "application/json" })
      response.end(JSON.stringify(status === 200 ? { ok: true } : { success: false, message: "Unauthorized" }))
    }
    if (request.url === "/renew") renewalHeld(() => answer(200))
    else answer(request.headers.authorization === "Bearer new" ? 200 : 401)
  })
  baseURL = server.baseURL
})
afterAll(() => server.close())

function tab() {
  let token = "old"
  const signedOut: string[] = []
  configureApiClient({
    baseURL,
    getToken: async () => token,
    onUnauthorized: (sent) => {
      if (sent === token) signedOut.push(String(sent))
    },
  })
  return { signedOut, takeNewSession: () => (token = "new") }
}

describe("a 401 while a sign-in step is answering", () => {
  it("is judged once the step has answered: the new session stands, and the tab stays in", async () => {
    const { signedOut, takeNewSession } = tab()
    const arrived = new Promise<() => void>((resolve) => (renewalHeld = resolve))
    const renewal = call(renew).then((answer) => (takeNewSession(), answer))
    const answerRenewal = await arrived
    await expect(call(read)).rejects.toMatchObject({ status: 401 })
    expect(signedOut).toEqual([])
    answerRenewal()
    await renewal
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(signedOut).toEqual([])
    await expect(call(read)).resolves.toEqual({ ok: true })
  })

  it("still signs the tab out when no step is replacing its session", async () => {
    const { signedOut } = tab()
    await expect(call(read)).rejects.toMatchObject({ status: 401 })
    expect(signedOut).toEqual(["old"])
  })
})
