import { FetchError, ofetch } from "ofetch"
import { Schema } from "effect"
import { takesIdempotencyKey, type AnswerOf, type BodyOf, type Endpoint, type ParamsOf, type QueryOf } from "./contract/endpoint.ts"
import { describeSchemaError } from "./contract/decode.ts"
import { ApiError } from "./api-error.ts"
import { normalizeServerError } from "./normalize-error.ts"
import { withRetry } from "./retry.ts"

interface ClientConfig {
  /** Where the API lives; another server implementing the same API can be named with VITE_API_BASE_URL. */
  baseURL: string
  /**
   * The access token to send. May wait: a token that has ended (a laptop that slept, a browser reopened
   * with Remember Me) is renewed first, so the call does not go out with it and come back 401.
   */
  getToken: () => string | null | Promise<string | null>
  /** Called on every 401, with the token the refused request carried, so the session machine can log out. */
  onUnauthorized: (sentToken: string | null) => void
  /** A call got no answer, or a 503: the connection machine shows its banner while the client retries. */
  onUnreachable: () => void
  /** A call was answered (any status but 503): the banner goes. */
  onAnswered: () => void
  /** Waits between retries; tests make it instant. */
  sleep?: (ms: number) => Promise<void>
}

const config: ClientConfig = {
  baseURL: import.meta.env?.VITE_API_BASE_URL ?? "/api/v1",
  getToken: () => null,
  onUnauthorized: () => {},
  onUnreachable: () => {},
  onAnswered: () => {},
}

/** A fresh Idempotency-Key (a v4 UUID), also where crypto.randomUUID is missing (a page served over plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * How a call is retried when the server cannot answer: reads always, and every write that takes an
 * Idempotency-Key, with one key for all its attempts, so a retry after a 503 or a lost answer never
 * makes a second ticket, response or session. Sign-in steps are not retried: the person tries again.
 */
function retryOf(endpoint: Endpoint, retry = true) {
  const key = takesIdempotencyKey(endpoint) ? newIdempotencyKey() : null
  const headers: Record<string, string> = key ? { "idempotency-key": key } : {}
  return {
    headers,
    hooks: {
      retry: retry && (endpoint.method === "GET" || key !== null),
      onUnreachable: () => config.onUnreachable(),
      onAnswered: () => config.onAnswered(),
      ...(config.sleep ? { sleep: config.sleep } : {}),
    },
  }
}

export function configureApiClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next)
}

export type CallInput<E extends Endpoint> = {
  params?: ParamsOf<E>
  query?: QueryOf<E>
  body?: BodyOf<E> | FormData
  /** Sent without the access token: the refresh call, whose token may already have ended. */
  anonymous?: true
}

/** Fills `:name` segments of a contract path. */
export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? "")))
}

/**
 * Sign-in steps in flight (a password change, "Sign out of other devices"): they end every session of
 * the person, this tab's included, and answer the one it goes on with. A 401 that another call (the bell,
 * a poll) meets meanwhile is for the session being replaced; it is judged once they have answered.
 */
let signInSteps: Promise<unknown>[] = []

function reportUnauthorized(sentToken: string | null): void {
  if (signInSteps.length === 0) return config.onUnauthorized(sentToken)
  void Promise.allSettled(signInSteps).then(() => config.onUnauthorized(sentToken))
}

/** Makes one contract call and decodes its answer with the contract's schema. */
export async function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<AnswerOf<E>> {
  if (!endpoint.signIn || input.anonymous) return callOnce(endpoint, input)
  const step = callOnce(endpoint, input)
  signInSteps = [...signInSteps, step]
  // The step's answer (a new session) is taken in by its caller before the 401s wait no longer.
  const settled = () => setTimeout(() => (signInSteps = signInSteps.filter((s) => s !== step)), 0)
  step.then(settled, settled)
  return step
}

async function callOnce<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<AnswerOf<E>> {
  const { headers, hooks } = retryOf(endpoint)
  let raw: unknown
  let sent: string | null = null
  try {
    raw = await withRetry(async () => {
      const token = (sent = input.anonymous ? null : await config.getToken())
      return ofetch(buildPath(endpoint.path, input.params as Record<string, unknown>), {
        baseURL: config.baseURL,
        method: endpoint.method,
        query: input.query as Record<string, unknown> | undefined,
        body: input.body as BodyInit | Record<string, unknown> | undefined,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        // No request timeout (spec section 9); retries are withRetry's, never ofetch's own.
        retry: 0,
      })
    }, hooks)
  } catch (error) {
    throw toApiError(error, sent)
  }
  try {
    return Schema.decodeUnknownSync(endpoint.answer as never)(raw) as AnswerOf<E>
  } catch (error) {
    throw new ApiError("decode", 200, "OK", `Unexpected answer from the server: ${describeSchemaError(error)}`)
  }
}

export type Conditional<A> = { changed: false } | { changed: true; answer: A; etag: string | null }

/**
 * Like `call`, for GETs polled with an ETag: sends If-None-Match and reports `changed: false` on
 * 304, so an unchanged resource costs neither a body nor a decode.
 */
export async function callIfChanged<E extends Endpoint>(endpoint: E, input: CallInput<E>, etag: string | null): Promise<Conditional<AnswerOf<E>>> {
  const token = await config.getToken()
  // A poll is its own retry: the next one comes in a few seconds.
  const { hooks } = retryOf(endpoint, false)
  let response: Awaited<ReturnType<typeof ofetch.raw>>
  try {
    response = await withRetry(
      () =>
        ofetch.raw(buildPath(endpoint.path, input.params as Record<string, unknown>), {
          baseURL: config.baseURL,
          method: endpoint.method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(etag ? { "if-none-match": etag } : {}) },
          retry: 0,
        }),
      hooks,
    )
  } catch (error) {
    throw toApiError(error, token)
  }
  if (response.status === 304) return { changed: false }
  try {
    return { changed: true, answer: Schema.decodeUnknownSync(endpoint.answer as never)(response._data) as AnswerOf<E>, etag: response.headers.get("etag") }
  } catch (error) {
    throw new ApiError("decode", 200, "OK", `Unexpected answer from the server: ${describeSchemaError(error)}`)
  }
}

/**
 * Opens a GET whose answer is a stream of Server-Sent Events (the live stream), with the session's
 * token: EventSource cannot send one. Answers the body to read; a refusal throws like `call`.
 */
export async function openEventStream<E extends Endpoint>(endpoint: E, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const token = await config.getToken()
  let response: Response
  try {
    response = await fetch(`${config.baseURL}${buildPath(endpoint.path)}`, {
      headers: { accept: "text/event-stream", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal,
    })
  } catch (error) {
    throw new ApiError("network", 0, "", error instanceof Error ? error.message : "Could not reach the server.")
  }
  if (!response.ok || !response.body) throw new ApiError("http", response.status, response.statusText, `The live stream was refused (${response.status}).`)
  return response.body
}

/** A call whose answer is a file (an image, a workbook), with the same token, query and errors as `call`. */
export async function callBlob<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<Blob> {
  const { hooks } = retryOf(endpoint)
  let sent: string | null = null
  try {
    return await withRetry(async () => {
      const token = (sent = await config.getToken())
      return ofetch(buildPath(endpoint.path, input.params as Record<string, unknown>), {
        baseURL: config.baseURL,
        method: endpoint.method,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        query: input.query as Record<string, unknown> | undefined,
        responseType: "blob",
        retry: 0,
      })
    }, hooks)
  } catch (error) {
    throw toApiError(error, sent)
  }
}

function toApiError(error: unknown, sentToken: string | null): ApiError {
  if (error instanceof FetchError && error.response) {
    const { status, statusText } = error.response
    if (status === 401) reportUnauthorized(sentToken)
    return new ApiError("http", status, statusText, normalizeServerError(error.data))
  }
  return new ApiError("network", 0, "", "Could not reach the server.")
}

/** Builds multipart form data with null and undefined fields skipped (spec section 7). */
export function toFormData(fields: Record<string, string | number | boolean | Blob | null | undefined>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue
    form.append(name, value instanceof Blob ? value : String(value))
  }
  return form
}
