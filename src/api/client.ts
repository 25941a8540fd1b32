import { FetchError, ofetch } from "ofetch"
import { Schema } from "effect"
import type { AnswerOf, BodyOf, Endpoint, ParamsOf, QueryOf } from "./contract/endpoint.ts"
import { describeSchemaError } from "./contract/decode.ts"
import { ApiError } from "./api-error.ts"
import { normalizeServerError } from "./normalize-error.ts"

interface ClientConfig {
  /** Where the API lives; another server implementing the same API can be named with VITE_API_BASE_URL. */
  baseURL: string
  getToken: () => string | null
  /** Called on every 401 so the session machine can log out. */
  onUnauthorized: () => void
}

const config: ClientConfig = {
  baseURL: import.meta.env?.VITE_API_BASE_URL ?? "/api/v1",
  getToken: () => null,
  onUnauthorized: () => {},
}

export function configureApiClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next)
}

export type CallInput<E extends Endpoint> = {
  params?: ParamsOf<E>
  query?: QueryOf<E>
  body?: BodyOf<E> | FormData
}

/** Fills `:name` segments of a contract path. */
export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? "")))
}

/** Makes one contract call and decodes its answer with the contract's schema. */
export async function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<AnswerOf<E>> {
  const token = config.getToken()
  let raw: unknown
  try {
    raw = await ofetch(buildPath(endpoint.path, input.params as Record<string, unknown>), {
      baseURL: config.baseURL,
      method: endpoint.method,
      query: input.query as Record<string, unknown> | undefined,
      body: input.body as BodyInit | Record<string, unknown> | undefined,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      // No request timeout (spec section 9); a retry could repeat a write.
      retry: 0,
    })
  } catch (error) {
    throw toApiError(error)
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
  const token = config.getToken()
  let response: Awaited<ReturnType<typeof ofetch.raw>>
  try {
    response = await ofetch.raw(buildPath(endpoint.path, input.params as Record<string, unknown>), {
      baseURL: config.baseURL,
      method: endpoint.method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(etag ? { "if-none-match": etag } : {}) },
      retry: 0,
    })
  } catch (error) {
    throw toApiError(error)
  }
  if (response.status === 304) return { changed: false }
  try {
    return { changed: true, answer: Schema.decodeUnknownSync(endpoint.answer as never)(response._data) as AnswerOf<E>, etag: response.headers.get("etag") }
  } catch (error) {
    throw new ApiError("decode", 200, "OK", `Unexpected answer from the server: ${describeSchemaError(error)}`)
  }
}

/** A call whose answer is a file (an image), with the same token and errors as `call`. */
export async function callBlob<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<Blob> {
  const token = config.getToken()
  try {
    return await ofetch(buildPath(endpoint.path, input.params as Record<string, unknown>), {
      baseURL: config.baseURL,
      method: endpoint.method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      responseType: "blob",
      retry: 0,
    })
  } catch (error) {
    throw toApiError(error)
  }
}

function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError && error.response) {
    const { status, statusText } = error.response
    if (status === 401) config.onUnauthorized()
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
