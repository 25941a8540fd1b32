import { spawn } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import lighthouse, { desktopConfig } from "lighthouse"
import { chromium } from "playwright-core"
import { CHROMIUM, CHROMIUM_ARGS } from "../../tests/e2e/browser-flags.ts"
import type { ApiSession } from "./api-session.ts"
import { BENCH_ADMIN } from "./api-session.ts"
import { judge, type Figure } from "./figure.ts"
import { freePort } from "./processes.ts"

/**
 * Lighthouse 12, desktop preset, on /login and on the Admin's dashboard, in Debian's Chromium
 * started here with the browser tests' flags plus a debugging port. The dashboard is measured
 * signed in: Playwright signs in over CDP with Remember Me (the session lands in localStorage) and
 * Lighthouse runs with storage reset off, so it loads the dashboard, not the sign-in redirect.
 */
export async function lighthouseFigures(session: ApiSession, margin: number, log: (line: string) => void): Promise<Figure[]> {
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), "bench-chromium-"))
  const browserProcess = spawn(CHROMIUM, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "--window-size=1350,940", "about:blank"], { stdio: "ignore" })
  try {
    const browser = await connect(port)
    const figures = [...(await audit(`${session.base}/login`, "/login", port, false, margin, log))]
    const page = await browser.contexts()[0]!.newPage()
    await page.goto(`${session.base}/login`)
    await page.getByLabel("Email").fill(BENCH_ADMIN.email)
    await page.getByLabel("Password", { exact: true }).fill(BENCH_ADMIN.password)
    await page.getByText("Remember Me").click()
    await page.getByRole("button", { name: "Login" }).click()
    await page.waitForURL((url) => url.pathname === "/")
    await page.close()
    figures.push(...(await audit(`${session.base}/`, "Admin dashboard", port, true, margin, log)))
    await browser.close()
    return figures
  } finally {
    const exited = browserProcess.exitCode === null ? once(browserProcess, "exit") : Promise.resolve()
    browserProcess.kill("SIGKILL")
    await exited
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
  }
}

async function connect(port: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
    } catch (error) {
      if (attempt > 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

async function audit(url: string, label: string, port: number, keepStorage: boolean, margin: number, log: (line: string) => void): Promise<Figure[]> {
  log(`lighthouse: ${label}`)
  const result = await lighthouse(url, { port, logLevel: "error", output: "json", onlyCategories: ["performance"], disableStorageReset: keepStorage }, desktopConfig)
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`)
  if (keepStorage && new URL(lhr.finalDisplayedUrl).pathname !== "/") throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}: not signed in`)
  const score = (lhr.categories.performance?.score ?? 0) * 100
  const lcp = (lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY) / 1000
  const cls = lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.POSITIVE_INFINITY
  const metric = (id: string, digits = 2, scale = 1000) => ((lhr.audits[id]?.numericValue ?? Number.NaN) / scale).toFixed(digits)
  const note = `FCP ${metric("first-contentful-paint")} s, TBT ${metric("total-blocking-time", 0, 1)} ms, SI ${metric("speed-index")} s`
  return [
    judge({ name: `Lighthouse ${label}: performance`, value: score, unit: "score", note }, { target: "≥ 95", limit: 95, better: "higher" }, margin),
    judge({ name: `Lighthouse ${label}: LCP`, value: lcp, unit: "s" }, { target: "≤ 1.2 s", limit: 1.2, better: "lower" }, margin),
    judge({ name: `Lighthouse ${label}: CLS`, value: cls, unit: "" }, { target: "≤ 0.05", limit: 0.05, better: "lower" }, margin),
  ]
}
