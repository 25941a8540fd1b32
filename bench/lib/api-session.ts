/** A signed-in client of the benchmark's server: plain fetch, answers checked before any load runs. */
export interface ApiSession {
  base: string
  headers: Record<string, string>
  get(path: string, extra?: Record<string, string>): Promise<Response>
  json<T>(path: string): Promise<T>
  /** Sends a write and answers its JSON; anything but a 200 throws. */
  send<T>(method: "POST" | "PATCH", path: string, body: unknown): Promise<T>
  /** Signs in again as the same Admin: a new session, whose token version the server has just read. */
  again(): Promise<ApiSession>
}

export const BENCH_ADMIN = { name: "Bench Admin", email: "bench-admin@bench.test", password: "Bench@12345" }
export const DEMO_ADMIN = { email: "admin@demo.test", password: "Demo@12345" }

/**
 * The device cookie each account was given, sent back as a browser would: only the first sign-in is from
 * a new device (its notice and mail go out then), not every `again()` in the middle of a measurement.
 */
const deviceCookies = new Map<string, string>()

async function signIn(base: string, email: string, password: string): Promise<string | null> {
  const cookie = deviceCookies.get(email)
  const res = await fetch(`${base}/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) return null
  const given = res.headers.get("set-cookie")?.split(";")[0]
  if (given) deviceCookies.set(email, given)
  const answer = (await res.json()) as { data: { accessToken: string } }
  return answer.data.accessToken
}

/** Signs in as the benchmark's own Admin (made before the server started), else the demo Admin. */
export async function adminSession(base: string): Promise<ApiSession> {
  const token = (await signIn(base, BENCH_ADMIN.email, BENCH_ADMIN.password)) ?? (await signIn(base, DEMO_ADMIN.email, DEMO_ADMIN.password))
  if (!token) throw new Error("could not sign in as an Admin (neither the bench Admin nor the demo Admin)")
  return sessionOf(base, token)
}

function sessionOf(base: string, token: string): ApiSession {
  const headers = { authorization: `Bearer ${token}` }
  const get = (path: string, extra: Record<string, string> = {}) => fetch(`${base}/api/v1${path}`, { headers: { ...headers, ...extra } })
  return {
    base,
    headers,
    get,
    async json<T>(path: string): Promise<T> {
      const res = await get(path)
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`)
      return (await res.json()) as T
    },
    async send<T>(method: "POST" | "PATCH", path: string, body: unknown): Promise<T> {
      const res = await fetch(`${base}/api/v1${path}`, { method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) })
      if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`)
      return (await res.json()) as T
    },
    again: () => adminSession(base),
  }
}
