import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync, gzipSync } from "node:zlib"
import Fastify, { type LightMyRequestResponse } from "fastify"
import { afterAll, describe, expect, it } from "vitest"
import { registerStaticSpa } from "../../server/plugins/static-spa.ts"

const outside = mkdtempSync(join(tmpdir(), "console-dist-parent-"))
const dist = join(outside, "dist")
mkdirSync(dist)
writeFileSync(join(outside, "secret.txt"), "not part of the build")
const script = `console.log(${JSON.stringify("x".repeat(2000))})`
mkdirSync(join(dist, "assets"))
writeFileSync(join(dist, "index.html"), "<!doctype html><title>Console</title>")
writeFileSync(join(dist, "assets", "app-abc123.js"), script)
writeFileSync(join(dist, "assets", "app-abc123.js.br"), brotliCompressSync(script))
writeFileSync(join(dist, "assets", "app-abc123.js.gz"), gzipSync(script))
afterAll(() => rmSync(outside, { recursive: true, force: true }))

async function appOnDist() {
  const app = Fastify()
  await registerStaticSpa(app, dist)
  return app
}

/** index.html, whole and revalidated on every load, so a new build's chunk names reach the browser. */
function expectFreshIndex(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200)
  expect(res.headers["cache-control"]).toBe("no-cache")
  expect(res.body).toContain("<title>Console</title>")
}

describe("the built console is sent precompressed", () => {
  it("sends the .br file to a browser that accepts brotli, cached for good and varying on the encoding", async () => {
    const app = await appOnDist()
    const res = await app.inject({ method: "GET", url: "/assets/app-abc123.js", headers: { "accept-encoding": "gzip, deflate, br" } })
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-encoding"]).toBe("br")
    expect(res.headers.vary).toContain("accept-encoding")
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(res.rawPayload.length).toBeLessThan(script.length / 5)
  })

  it("sends gzip to a client without brotli and the plain file to one that accepts neither", async () => {
    const app = await appOnDist()
    const gz = await app.inject({ method: "GET", url: "/assets/app-abc123.js", headers: { "accept-encoding": "gzip" } })
    expect(gz.headers["content-encoding"]).toBe("gzip")
    const plain = await app.inject({ method: "GET", url: "/assets/app-abc123.js", headers: { "accept-encoding": "identity" } })
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it("still answers client routes with a fresh index.html", async () => {
    const app = await appOnDist()
    expectFreshIndex(await app.inject({ method: "GET", url: "/vendor-details/42", headers: { "accept-encoding": "br" } }))
  })

  it("sends index.html for / and answers HEAD for a file", async () => {
    const app = await appOnDist()
    expectFreshIndex(await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "identity" } }))
    const head = await app.inject({ method: "HEAD", url: "/assets/app-abc123.js?v=1" })
    expect(head.statusCode).toBe(200)
    expect(head.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
  })

  it("never sends a file outside the build, whatever the spelling, and never fails on a bad escape", async () => {
    const app = await appOnDist()
    for (const url of ["/..%2fsecret.txt", "/assets/..%2f..%2fsecret.txt", "/%2e%2e/secret.txt", "/ASSETS/APP-ABC123.JS", "/%E0%A4%A"]) {
      const res = await app.inject({ method: "GET", url })
      expect(res.body, url).not.toContain("not part of the build")
      expect(res.body, url).not.toContain("x".repeat(100))
      expect([200, 400, 403, 404], url).toContain(res.statusCode)
    }
  })

  it("serves the files the build held when the server started, from its list of them, not from a look at the disk", async () => {
    const app = await appOnDist()
    await app.ready()
    writeFileSync(join(dist, "assets", "late-def456.js"), script)
    const late = await app.inject({ method: "GET", url: "/assets/late-def456.js", headers: { "accept-encoding": "identity" } })
    expect(late.body).not.toContain("x".repeat(100))
    expectFreshIndex(late)
    // A folder of the build is no file: the console answers, not a listing or a redirect.
    expectFreshIndex(await app.inject({ method: "GET", url: "/assets", headers: { "accept-encoding": "identity" } }))
    expectFreshIndex(await app.inject({ method: "GET", url: "/assets/", headers: { "accept-encoding": "identity" } }))
  })

  it("answers an unknown API path with the JSON 404, not the console", async () => {
    const app = await appOnDist()
    const res = await app.inject({ method: "GET", url: "/api/v1/nope" })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: "Not found: GET /api/v1/nope" })
  })
})
