import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { LightMyRequestResponse } from "fastify"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, startTestServer, type TestServer } from "./harness.ts"
import { pngFile } from "./multipart.ts"
import { sendForm } from "./content-helpers.ts"

/**
 * Security headers on every kind of answer: API 2xx and 4xx, a 5xx, the console's HTML and a static
 * asset, the API docs, an upload, a 404. A CSP without inline script, `nosniff`, no framing, a referrer
 * policy; HSTS only when the request came over HTTPS through a trusted proxy.
 */
let server: TestServer
let proxied: TestServer
let dist: string
let upload: string
beforeAll(async () => {
  // A console build as vite lays it out: index.html loading hashed modules, no inline script.
  dist = mkdtempSync(join(tmpdir(), "console-dist-"))
  mkdirSync(join(dist, "assets"))
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log('console')")
  server = await startTestServer({ distDir: dist })
  proxied = await startTestServer({ distDir: dist, trustProxy: true, seed: false })
  const editor = await server.login("editor@demo.test")
  upload = (await sendForm(server, editor, "POST", "/gallery/add", {}, [pngFile("image")])).json().data.image
}, 60_000)
afterAll(async () => {
  await server?.close()
  await proxied?.close()
  rmSync(dist, { recursive: true, force: true })
})

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  )
}

function expectSafeHeaders(res: LightMyRequestResponse, where: string) {
  const csp = String(res.headers["content-security-policy"] ?? "")
  expect(csp, `${where}: CSP`).not.toBe("")
  const d = directives(csp)
  const scripts = d.get("script-src") ?? d.get("default-src")
  expect(scripts, `${where}: script-src or default-src`).toBeDefined()
  expect(scripts, `${where}: inline script allowed`).not.toContain("'unsafe-inline'")
  expect(scripts, `${where}: eval allowed`).not.toContain("'unsafe-eval'")
  const framing = d.get("frame-ancestors")
  const xfo = String(res.headers["x-frame-options"] ?? "").toUpperCase()
  expect(framing?.join(" ") === "'none'" || xfo === "DENY" || d.has("sandbox"), `${where}: framing allowed (${csp})`).toBe(true)
  expect(res.headers["x-content-type-options"], `${where}: nosniff`).toBe("nosniff")
  expect(String(res.headers["referrer-policy"] ?? ""), `${where}: referrer policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  )
  expect(res.headers["strict-transport-security"], `${where}: HSTS over plain HTTP`).toBeUndefined()
}

describe("security headers on every kind of answer", () => {
  const kinds: Array<[string, () => Promise<LightMyRequestResponse>, number]> = [
    ["API 2xx", () => server.app.inject({ url: "/api/v1/config" }), 200],
    ["API 2xx signed in", async () => server.app.inject({ url: "/api/v1/user/getProfile", headers: bearer(await server.login("user@demo.test")) }), 200],
    ["API 400", () => server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: "x" } }), 400],
    ["API 401", () => server.app.inject({ url: "/api/v1/user/getProfile" }), 401],
    ["API bad path", () => server.app.inject({ url: "/api/v1/blog/getDetails/%ED%A0%80" }), 400],
    ["API 404", () => server.app.inject({ url: "/api/v1/nothing-here" }), 404],
    ["console HTML", () => server.app.inject({ url: "/" }), 200],
    ["console deep link", () => server.app.inject({ url: "/tickets/123" }), 200],
    ["static asset", () => server.app.inject({ url: "/assets/index-abc123.js" }), 200],
    ["API docs", () => server.app.inject({ url: "/api/docs" }), 200],
    ["OpenAPI document", () => server.app.inject({ url: "/api/docs/openapi.json" }), 200],
    ["upload", () => server.app.inject({ url: upload }), 200],
    ["missing upload", () => server.app.inject({ url: "/uploads/0123456789abcdef0123456789abcdef.png" }), 404],
    ["health", () => server.app.inject({ url: "/healthz" }), 200],
  ]
  for (const [label, request, status] of kinds) {
    it(label, async () => {
      const res = await request()
      expect(res.statusCode, `${label}: ${res.body.slice(0, 120)}`).toBe(status)
      expectSafeHeaders(res, label)
    })
  }

  it("a 5xx (a table gone) carries them too, and says nothing about why", async () => {
    const broken = await startTestServer({ seed: false })
    try {
      await sql`drop table blogs cascade`.execute(broken.db)
      const res = await broken.app.inject({ url: "/api/v1/public/blogs" })
      expect(res.statusCode, res.body).toBe(500)
      expect(res.body).not.toMatch(/blogs|relation|pglite|kysely|postgres|stack|\.ts:/i)
      expectSafeHeaders(res, "5xx")
    } finally {
      await broken.close()
    }
  })

  it("an API answer carries the API's short set (nothing may load, frame or read it cross-origin); a document, the page set", async () => {
    const api = await server.app.inject({ url: "/api/v1/config" })
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(api.headers["cross-origin-resource-policy"]).toBe("same-origin")
    expect(api.headers["referrer-policy"]).toBe("no-referrer")
    for (const pageOnly of [
      "cross-origin-opener-policy",
      "origin-agent-cluster",
      "x-dns-prefetch-control",
      "x-download-options",
      "x-permitted-cross-domain-policies",
    ]) {
      expect(api.headers[pageOnly], pageOnly).toBeUndefined()
    }
    for (const url of ["/", "/api/docs"]) {
      const page = await server.app.inject({ url })
      expect(directives(String(page.headers["content-security-policy"])).get("script-src"), url).toEqual(["'self'"])
      expect(page.headers["cross-origin-opener-policy"], url).toBe("same-origin")
    }
  })

  it("sends HSTS only when a trusted proxy says the request came over HTTPS", async () => {
    const https = await proxied.app.inject({ url: "/api/v1/config", headers: { "x-forwarded-proto": "https" } })
    expect(https.headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}/)
    const http = await proxied.app.inject({ url: "/api/v1/config", headers: { "x-forwarded-proto": "http" } })
    expect(http.headers["strict-transport-security"]).toBeUndefined()
    // Without a trusted proxy, anybody could claim HTTPS: the header is not believed.
    const spoofed = await server.app.inject({ url: "/api/v1/config", headers: { "x-forwarded-proto": "https" } })
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined()
  })

  it("the console's index.html has no inline script (the CSP would block it)", () => {
    for (const file of [join(process.cwd(), "index.html"), join(dist, "index.html")]) {
      const html = readFileSync(file, "utf8")
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
      expect(scripts.length, file).toBeGreaterThan(0)
      for (const [, attrs, body] of scripts) {
        expect(attrs, `${file}: a script without src`).toMatch(/\bsrc=/)
        expect(body!.trim(), `${file}: inline script`).toBe("")
      }
      expect(html, `${file}: inline event handler`).not.toMatch(/\son\w+\s*=/i)
    }
  })
})

describe("what may be stored, and what is not there", () => {
  it("never lets a browser or proxy store an answer to a signed-in caller or to a write; a polled chat revalidates; public content stays cacheable", async () => {
    const admin = await server.login("admin@demo.test")
    for (const url of ["/api/v1/user/getProfile", "/api/v1/user/Lawyer?page=1&limit=10", "/api/v1/userQuery/get"]) {
      const res = await server.app.inject({ url, headers: bearer(admin) })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers["cache-control"], url).toBe("no-store")
    }
    const login = await server.app.inject({ method: "POST", url: "/api/v1/user/login", payload: { email: "user@demo.test", password: "Demo@12345" } })
    expect(login.headers["cache-control"]).toBe("no-store")
    const refused = await server.app.inject({ url: "/api/v1/user/getProfile", headers: bearer("not-a-token") })
    expect(refused.headers["cache-control"]).toBe("no-store")
    const tickets = (await server.app.inject({ url: "/api/v1/userQuery/get", headers: bearer(admin) })).json().data as Array<{ _id: string }>
    const chat = await server.app.inject({ url: `/api/v1/userQuery/fetchResponse/${tickets[0]!._id}`, headers: bearer(admin) })
    expect(chat.headers["cache-control"]).toBe("private, no-cache")
    expect(chat.headers.etag).toBeDefined()
    expect((await server.app.inject({ url: "/api/v1/public/experts" })).headers["cache-control"]).toBeUndefined()
  })

  it("answers 404, never the console's page, for an upload that is private or not there", async () => {
    for (const url of ["/uploads/private/abc.png", "/uploads/private/", "/uploads/not-stored.png", "/uploads/a/b/c"]) {
      const res = await server.app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers["content-type"], url).toMatch(/^application\/json/)
    }
    expect((await server.app.inject({ url: `/uploads/${upload.split("/").pop()}` })).statusCode).toBe(200)
  })
})
