import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, configureApiClient } from "../../src/api/client.ts"
import { endpoint } from "../../src/api/contract/endpoint.ts"

/**
 * A password change ends every session of the person, this tab's included, and answers the one it goes
 * on with. A call the tab makes meanwhile (the bell hearing of the change's own notification) meets a 401
 * for the session being replaced: it must not sign the tab out.
 */
const Ok = Schema.Struct({ ok: Schema.Boolean })
const renew = endpoint({ name: "renew", signIn: true, method: "POST", path: "/renew", answer: Ok, access: "signedIn", summary: "a password change" })
const read = endpoint({ name: "read", method: "GET", path: "/read", answer: Ok, access: "signedIn", summary: "the bell" })

let server: Server
let baseURL = ""
let answerRenewal: () => void = () => {}
beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = (status: number) => {
      response.writeHead(status, { "content-type": "application/json" })
      response.end(JSON.stringify(status === 200 ? { ok: true } : { success: false, message: "Unauthorized" }))
    }
    if (request.url === "/renew") answerRenewal = () => answer(200)
    else answer(request.headers.authorization === "Bearer new" ? 200 : 401)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

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
    const renewal = call(renew).then((answer) => (takeNewSession(), answer))
    await new Promise((resolve) => setTimeout(resolve, 20))
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
