import http from "node:http"
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.ts"

export type { ServerProcess }

/**
 * The real server process for the reliability suite (the bundle `npm start` runs, or a built entry of
 * the test's own; tests/fixtures/server-process.ts), plus a plain `node:http` client: its errors
 * (ECONNRESET, ECONNREFUSED) say exactly what happened to a request when the process died or stopped.
 */
export const JWT_SECRET = "reliability-suite-secret-long-enough-for-hs256-0123456789"
export const DEMO_PASSWORD = "Demo@12345"

/** Starts the server with `env` (DATA_DIR, DATABASE_URL, …) on top of the suite's settings and waits until /readyz answers 200. */
export function startServer(env: Record<string, string>, options: { port?: number; entry?: string } = {}): Promise<ServerProcess> {
  return startServerProcess({
    ...options,
    env: {
      JWT_SECRET,
      // Request logs of a thousand writes would only slow the run; warnings and failures still show.
      LOG_LEVEL: "warn",
      LOG_MAIL_LINKS: "false",
      SMTP_URL: "",
      REDIS_URL: "",
      TEST_DATABASE_URL: "",
      DATABASE_URL: "",
      ...env,
    },
  })
}

/** SIGKILL (or `signal`) and wait for the exit, so the next start finds the process gone (and its lock stale). */
export async function killServer(server: ServerProcess, signal: NodeJS.Signals = "SIGKILL") {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal)
  return server.exited
}

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request; rejects with the socket error (ECONNRESET, ECONNREFUSED, …) when there is no answer. */
export function request(
  agent: http.Agent | false,
  url: string,
  init: { method?: string; path: string; token?: string; body?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${init.path}`,
      {
        agent,
        method: init.method ?? "GET",
        headers: {
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on("data", (c: Buffer) => chunks.push(c))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }))
        res.on("error", reject)
      },
    )
    req.on("error", reject)
    req.end(payload)
  })
}

export async function login(url: string, email: string): Promise<string> {
  const answer = await request(false, url, { method: "POST", path: "/api/v1/user/login", body: { email, password: DEMO_PASSWORD } })
  if (answer.status !== 200) throw new Error(`login of ${email} answered ${answer.status}: ${answer.body}`)
  return (JSON.parse(answer.body) as { data: { accessToken: string } }).data.accessToken
}

/** Raises a ticket as `token`'s user (the create call is multipart) and answers its id. */
export async function raiseTicket(url: string, token: string, query: string): Promise<string> {
  const form = new FormData()
  form.set("ticketType", "Technical")
  form.set("query", query)
  const res = await fetch(`${url}/api/v1/userQuery/create`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`creating a ticket answered ${res.status}: ${text}`)
  return (JSON.parse(text) as { data: { _id: string } }).data._id
}
