import type { Schema } from "effect"
import type { Role } from "./common.ts"

/** Who may make a call: nobody signed in, anybody signed in, or the listed roles. */
export type Access = "public" | "signedIn" | readonly Role[]

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE"

/**
 * A file part of a multipart form: whether it must come, and the media types the server takes (it checks
 * the bytes, not the name). The server refuses a form without a required part ('<name>: is required'),
 * and the API document lists each part with its types and the size limit.
 */
export interface FilePart {
  readonly required: boolean
  readonly mediaTypes: readonly string[]
  /** A limit of its own, above the server's upload limit (the media library takes camera photos). */
  readonly maxBytes?: number
  /** A text field that may stand for the file (a media library image's id): a required part is then required only without it. */
  readonly instead?: string
}

/**
 * One call of the API: the server registers a route from it, the console calls through it,
 * the authorization matrix is generated from it. `body: "multipart"` marks form uploads,
 * whose fields are decoded by `fields` on the server.
 */
export interface Endpoint<
  P extends Schema.Top = Schema.Top,
  Q extends Schema.Top = Schema.Top,
  B extends Schema.Top = Schema.Top,
  A extends Schema.Top = Schema.Top,
> {
  readonly name: string
  readonly method: Method
  readonly path: string
  readonly params?: P
  readonly query?: Q
  readonly body?: B
  readonly multipart?: boolean
  /** The file parts of a multipart form, by field name. */
  readonly files?: Readonly<Record<string, FilePart>>
  readonly answer: A
  /** The media types of a 200 that is not JSON (an image, a CSV file); `answer` then describes nothing sent. */
  readonly produces?: readonly string[]
  readonly access: Access
  readonly summary: string
  /**
   * A sign-in step (its answer holds tokens, secrets or recovery codes, or it ends sessions): never
   * replayed from an Idempotency-Key, so no credential is ever stored to answer a retry with.
   */
  readonly signIn?: true
  /**
   * Its answer holds a secret that is not a sign-in (a full bank account number): never replayed from an
   * Idempotency-Key either, so the secret is never stored outside its own row.
   */
  readonly secretAnswer?: true
  /** A read that answers an ETag: when it answers 304 Not Modified (with no body) to an If-None-Match that still holds. */
  readonly notModified?: string
  /**
   * Refusals this call answers beyond those every call of its kind can (400 bad input, 401, 403, 413 and
   * 415 for a body, 422 for a reused Idempotency-Key, 503): each status with when it happens. A call with
   * a record's id in its path answers 404 for an unknown one without saying so here.
   */
  readonly refusals?: Partial<Record<Refusal, string>>
  /** Narrower than `access`: whose records a caller may reach (403 for anyone else's), as people read it. */
  readonly ownership?: string
}

/** The refusals a call declares itself (endpoint `refusals`). */
export type Refusal = 404 | 409 | 429

/** Writes that take an Idempotency-Key (server/plugins/idempotency.ts): every create and state change. */
export const takesIdempotencyKey = (e: Endpoint): boolean => e.method !== "GET" && !e.signIn && !e.secretAnswer

export const endpoint = <P extends Schema.Top, Q extends Schema.Top, B extends Schema.Top, A extends Schema.Top>(
  e: Endpoint<P, Q, B, A>,
): Endpoint<P, Q, B, A> => e

export const canCall = (access: Access, role: Role | null): boolean =>
  access === "public" ? true : role === null ? false : access === "signedIn" ? true : access.includes(role)

export type ParamsOf<E> = E extends Endpoint<infer P, Schema.Top, Schema.Top, Schema.Top> ? P["Encoded"] : never
export type QueryOf<E> = E extends Endpoint<Schema.Top, infer Q, Schema.Top, Schema.Top> ? Q["Encoded"] : never
export type BodyOf<E> = E extends Endpoint<Schema.Top, Schema.Top, infer B, Schema.Top> ? B["Encoded"] : never
export type AnswerOf<E> = E extends Endpoint<Schema.Top, Schema.Top, Schema.Top, infer A> ? A["Type"] : never
