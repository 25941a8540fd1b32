import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { markedXssPayloads, packedPayloads, xssPayloads } from "../xss-payloads.ts"
import { apiToken, baseURL, launchBrowser, loginAs, newPage } from "./browser.ts"
import { apiCreateBlog, pngUpload } from "./content-helpers.ts"

/**
 * Every payload of tests/xss-payloads.ts through every text the console renders, put in through the API,
 * then each screen that shows it opened as the role that sees it: no script runs (no `window.__xss`, no
 * dialog), the CSP reports no blocked inline code (nothing was even attempted), and a payload is on the
 * screen as text (lists shorten it). Stored rich text (blog bodies) is the same after a second sanitisation.
 */
const ALL = markedXssPayloads.join(" ")
const short = packedPayloads(100)
const at = (i: number) => short[i % short.length]!

type Json = Record<string, unknown>
async function api(method: string, path: string, token: string | null, body?: Json | FormData): Promise<{ status: number; json: Json }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  const init: RequestInit = { method, headers }
  if (body instanceof FormData) init.body = body
  else if (body) {
    headers["content-type"] = "application/json"
    init.body = JSON.stringify(body)
  }
  const res = await fetch(`${baseURL()}/api/v1${path}`, init)
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Json }
}
const form = (fields: Record<string, string>, file?: string) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  if (file) f.append(file, new Blob([new Uint8Array(pngUpload().buffer)], { type: "image/png" }), "p.png")
  return f
}
const data = (r: { json: Json }) => r.json.data as Json

let browser: Browser
interface Screen {
  label: string
  email: string
  path: string
  /** A screen that cannot hold a payload (nothing free-text was accepted): only "nothing runs" applies. */
  noPayload?: boolean
  /** Opens the part of the screen that shows the payload (a details dialog). */
  open?: (page: Page) => Promise<void>
}
const screens: Screen[] = []
/** Sessions show topic, agenda and note in their details dialog; ours is the one whose topic is a payload. */
const viewOurSession = async (page: Page) => {
  const button = page.getByRole("button", { name: /^View session </ }).first()
  await button.waitFor({ timeout: 10_000 })
  await button.click()
}
let blogId = ""

beforeAll(async () => {
  browser = await launchBrowser()
  const admin = await apiToken("admin@demo.test")
  const editor = await apiToken("editor@demo.test")
  const user = await apiToken("user@demo.test")

  const blog = await apiCreateBlog(editor, { blogName: at(0), title: at(1), keyword: at(2), description: ALL.slice(0, 1000), about: `<p>intro</p>${ALL}` })
  blogId = blog._id
  screens.push(
    { label: "blog list", email: "editor@demo.test", path: "/blogs" },
    { label: "blog editor", email: "editor@demo.test", path: `/blog/${blog._id}` },
  )

  expect((await api("POST", "/expert/auth/add", editor, form({ name: at(3), designation: at(4) }, "avatar"))).status).toBe(200)
  screens.push({ label: "experts", email: "editor@demo.test", path: "/experts" })
  expect((await api("POST", "/testimonial/auth/add", editor, form({ name: at(5), summery: ALL }, "avatar"))).status).toBe(200)
  screens.push({ label: "testimonials", email: "editor@demo.test", path: "/testimonials" })
  // A script address as a press link is refused; the list still renders with whatever is stored.
  expect(
    (await api("POST", "/press-and-recognition/auth/add", editor, form({ link: "javascript:window.__xss=1", type: "Press Release" }, "thumbnail"))).status,
  ).toBe(400)
  // Nor is an https address with markup in it: press items have no free text that could carry a payload.
  const pressLink = 'https://news.example.com/a?x="><img src=x onerror=window.__xss=1>'
  expect((await api("POST", "/press-and-recognition/auth/add", editor, form({ link: pressLink, type: "Press Release" }, "thumbnail"))).status).toBe(400)
  screens.push({ label: "press", email: "editor@demo.test", path: "/press-release-and-recognition", noPayload: true })
  expect((await api("POST", "/user/create", admin, { name: at(6), email: `xss.editor.${Date.now()}@example.org`, number: "9876543210" })).status).toBe(200)
  screens.push({ label: "editors", email: "admin@demo.test", path: "/editor" })

  const ticket = data(await api("POST", "/userQuery/create", user, form({ ticketType: "General", query: ALL })))
  expect((await api("POST", "/userQuery/addResponse", user, { question: ALL, answer: "", queryId: ticket._id as string })).status).toBe(200)
  expect((await api("POST", "/userQuery/addResponse", admin, { question: "", answer: ALL, queryId: ticket._id as string })).status).toBe(200)
  screens.push(
    { label: "my tickets", email: "user@demo.test", path: "/my-tickets" },
    { label: "ticket (raiser)", email: "user@demo.test", path: `/ticket/${ticket._id}` },
    { label: "ticket (admin)", email: "admin@demo.test", path: `/ticket/${ticket._id}` },
  )

  const enquiry = await api("POST", "/enquiry/create", null, {
    name: at(7),
    email: `xss.${Date.now()}@example.org`,
    number: "9876543210",
    age: 30,
    question1: "Other",
    otherQuestion1: at(8),
    question2: "Other",
    otherQuestion2: at(9),
    dateTime: "2031-01-15T10:30:00.000Z",
  })
  expect(enquiry.status, JSON.stringify(enquiry.json)).toBe(200)
  screens.push({ label: "counselling enquiries", email: "admin@demo.test", path: "/counselling" })
  const contact = await api("POST", "/contact/create", null, {
    name: at(10),
    email: "xss.contact@example.org",
    number: "+91 98200 12345",
    city: at(11),
    state: at(12),
    message: ALL,
  })
  expect(contact.status, JSON.stringify(contact.json)).toBe(200)
  screens.push({ label: "contact enquiries", email: "admin@demo.test", path: "/enquiries" })

  const vendor = await api(
    "POST",
    "/user/partnerSignup",
    null,
    form(
      {
        role: "Counsellor",
        name: at(13),
        email: `xss.partner.${Date.now()}@example.org`,
        number: "9812345678",
        password: "Partner@123",
        confirmPassword: "Partner@123",
        address: at(14),
        city: "Mumbai",
        pinCode: "400050",
        state: "Maharashtra",
        language: "English",
        experience: "6 years",
        preferredContactMethod: "Email",
        organizationName: at(15),
        qualifications: at(16),
        briefBio: ALL.slice(0, 1000),
        serviceDescription: ALL.slice(0, 1000),
        registrationNumber: "REG-1",
        certificationName: "Licensed",
        issuingAuthority: "RCI",
        certificationNumber: "C-1",
        expirationDate: "2031-01-01",
        accountHolderName: "Farah Khan",
        bankName: "HDFC Bank",
        ifscCode: "HDFC0001234",
        accountNumber: "50100123456789",
      },
      "certificationImg",
    ),
  )
  expect(vendor.status, JSON.stringify(vendor.json)).toBe(200)
  screens.push(
    { label: "under review", email: "admin@demo.test", path: "/under-review-vendors" },
    { label: "vendor details", email: "admin@demo.test", path: `/vendor-details/${data(vendor)._id}` },
  )

  // A session for the demo client with their counsellor: topic, agenda and note carry payloads.
  const assigned = data(await api("GET", "/user/assignUser?page=1&limit=100", admin)).data as Array<{ _id: string; email: string; counsellor: { _id: string } }>
  const client = assigned.find((a) => a.email === "user@demo.test") ?? assigned[0]!
  const when = new Date(Date.now() + 20 * 86_400_000 + Math.floor(Math.random() * 600) * 60_000)
  const iso = when.toISOString()
  const session = await api("POST", "/counselling/create", admin, {
    userId: client._id,
    counsellorId: client.counsellor._id,
    date: iso.slice(0, 10),
    time: `${iso.slice(11, 16)}Z`,
    topic: at(17).slice(0, 200),
    agenda: ALL,
    duration: 30,
    note: ALL,
  })
  expect(session.status, JSON.stringify(session.json)).toBe(200)
  screens.push({ label: "client's sessions", email: "admin@demo.test", path: `/counselling/${client._id}`, open: viewOurSession })
  if (client.email === "user@demo.test") screens.push({ label: "upcoming session (client)", email: "user@demo.test", path: "/upcoming-session" })
}, 120_000)
afterAll(() => browser?.close())

/** What the screen shows: its text and the values of its form fields (editors show text in inputs). */
const screenText = (page: Page) =>
  page.evaluate(() => [document.body.innerText, ...[...document.querySelectorAll("input, textarea")].map((e) => (e as HTMLInputElement).value)].join("\n"))

async function watch(page: Page) {
  const dialogs: string[] = []
  const csp: string[] = []
  page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()))
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Refused to (execute|load|apply)/i.test(m.text())) csp.push(m.text())
  })
  return { dialogs, csp }
}

describe("script injection through every text the console renders", () => {
  it("has payloads that would run if rendered as markup (the checks can see an execution)", async () => {
    const page = await newPage(browser)
    const seen = await watch(page)
    await page.setContent(`<main>${markedXssPayloads.join("")}</main>`)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(1)
    expect(seen.dialogs).toEqual([])
    expect(xssPayloads.length).toBe(markedXssPayloads.length)
    await page.context().close()
  })

  it("runs none of them on any screen, and shows them as text", async () => {
    const byUser = new Map<string, Array<(typeof screens)[number]>>()
    for (const s of screens) byUser.set(s.email, [...(byUser.get(s.email) ?? []), s])
    for (const [email, list] of byUser) {
      const page = await newPage(browser)
      // The live stream stays open by design, so a screen with it never goes network-idle; its events carry
      // no text (the screens read their data again), so this test does without it: each screen polls.
      await page.route("**/api/v1/live", (route) => route.abort())
      const seen = await watch(page)
      await loginAs(page, email)
      for (const s of list) {
        await page.goto(s.path)
        // Network idle is when a screen has drawn its data; a retry of the aborted stream (or a screen's own
        // poll) can keep it from ever coming, so the wait is bounded: the checks below wait for the text themselves.
        await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {})
        if (s.open) await s.open(page)
        // Lists shorten long text, so look for the start of a payload shown as text.
        if (!s.noPayload)
          await expect
            .poll(() => screenText(page), { timeout: 10_000, message: `${s.label}: payload text on screen` })
            .toMatch(/<(script|img|svg|a |p |iframe|details|math|body|input|style|meta|form|span|object|embed|template|div)/i)
        await page.mouse.move(400, 400)
        await page.mouse.move(700, 500)
        await page.waitForTimeout(300)
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `${s.label}: a script ran`).toBeUndefined()
        expect(seen.dialogs, `${s.label}: a dialog opened`).toEqual([])
        expect(seen.csp, `${s.label}: the CSP had to block something`).toEqual([])
      }
      await page.context().close()
    }
  }, 240_000)

  it("stores blog rich text that a second sanitisation leaves unchanged", async () => {
    const editor = await apiToken("editor@demo.test")
    const stored = ((await api("GET", `/blog/getDetails/${blogId}`, editor)).json.data as Json[])[0]!.about as string
    expect(stored).not.toMatch(/<script|\son\w+\s*=|javascript:/i)
    const again = await api("PATCH", `/blog/update/${blogId}`, editor, form({ about: stored }))
    expect(again.status).toBe(200)
    expect(data(again).about).toBe(stored)
  })

  it("serves the built console with no inline script", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text()
    for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      expect(attrs).toMatch(/\bsrc=/)
      expect(body!.trim()).toBe("")
    }
  })
})
