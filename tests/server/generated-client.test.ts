import { execFileSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Flows } from "../generated-client/flows-api.ts"
import { startTestServer, type TestServer } from "./harness.ts"
import { pngImage } from "./ticket-fixtures.ts"

/**
 * A typed client generated from the served API document (openapi-typescript, with openapi-fetch) runs
 * the console's main flows against a listening server, as an integrator's would. The types are made
 * here from the document every run (tests/generated-client/generated is not committed), the flows
 * must compile against them with tsc, and every answer is also checked against the document.
 */
const root = fileURLToPath(new URL("../..", import.meta.url))
const clientDir = `${root}tests/generated-client`
const generatedDir = `${clientDir}/generated`
// openapi-typescript needs TypeScript 5's compiler API (TypeScript 7 has none): it lives in its own workspace.
const generator = `${root}tools/api-client/node_modules/openapi-typescript/bin/cli.js`

// flows.ts compiles against types this test generates, so the project's own typecheck (which runs before
// any test, on a checkout without them) must not follow an import of it: it is loaded by a path the
// compiler does not read, typed by flows-api.ts, and tsc checks it below.
const flowsModule = new URL("../generated-client/flows.ts", import.meta.url).href

let server: TestServer
let baseUrl: string
let flows: Flows
const png = () => new Uint8Array(pngImage(16, 16))

beforeAll(async () => {
  server = await startTestServer()
  await server.app.listen({ port: 0, host: "127.0.0.1" })
  const origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
  baseUrl = `${origin}/api/v1`
  rmSync(generatedDir, { recursive: true, force: true })
  mkdirSync(generatedDir, { recursive: true })
  writeFileSync(`${generatedDir}/openapi.json`, await (await fetch(`${origin}/api/docs/openapi.json`)).text())
  execFileSync(process.execPath, [generator, `${generatedDir}/openapi.json`, "-o", `${generatedDir}/api.ts`], { stdio: "pipe" })
  flows = ((await import(/* @vite-ignore */ flowsModule)) as { flows: Flows }).flows
})
afterAll(() => server.close())

describe("a client generated from the API document", () => {
  it("compiles the flows, and the console contract's agreement with the generated types, with no error (tsc)", () => {
    const tsc = `${root}node_modules/typescript/bin/tsc`
    let output = ""
    try {
      execFileSync(process.execPath, [tsc, "--noEmit", "-p", `${clientDir}/tsconfig.json`], { encoding: "utf8", stdio: "pipe" })
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error)
    }
    expect(output).toBe("")
  })

  it("approves a vendor under review: the answer, the profile and the history agree", async () => {
    expect(await flows.vendorApproval(baseUrl)).toEqual({ answered: "Approve", profile: "Approve", lastChange: "Approve" })
  })

  it("raises a ticket with an image, answers, closes and rates it", async () => {
    expect(await flows.ticketToFeedback(baseUrl, png())).toEqual({
      hasImage: true,
      imageType: "image/png",
      answers: ["Fixed: please reload the page."],
      rated: 5,
    })
  })

  it("takes a counselling enquiry to a booked session with the assigned counsellor", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const result = await flows.enquiryToSession(baseUrl, "nila.generated@example.com", tomorrow)
    expect(result.counsellorId).toBe(result.expected)
    expect(result.session).toMatchObject({ topic: "First session", duration: 60, counsellorId: result.expected })
  })

  it("publishes a blog with an image and reads it back", async () => {
    const result = await flows.blogWithImage(baseUrl, png())
    expect(result.listed).toBe(true)
    expect(result.details).toMatchObject({ _id: result.created._id, title: "What a generated client needs", image: expect.stringMatching(/^\/uploads\//) })
  })

  it("exports the Lawyer list as CSV", async () => {
    const result = await flows.csvExport(baseUrl)
    expect(result.status).toBe(200)
    expect(result.type).toMatch(/^text\/csv/)
    expect(result.csv.split("\n")[0]).toMatch(/Name/)
  })
})
