import type { Schema } from "effect"
import type { Role } from "./common.ts"

/** Who may make a call: nobody signed in, anybody signed in, or the listed roles. */
export type Access = "public" | "signedIn" | readonly Role[]

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE"

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
  readonly answer: A
  readonly access: Access
  readonly summary: string
  /**
   * A sign-in step (its answer holds tokens, secrets or recovery codes, or it ends sessions): never
   * replayed from an Idempotency-Key, so no credential is ever stored to answer a retry with.
   */
  readonly signIn?: true
}

/** Writes that take an Idempotency-Key (server/plugins/idempotency.ts): every create and state change. */
export const takesIdempotencyKey = (e: Endpoint): boolean => e.method !== "GET" && !e.signIn

export const endpoint = <P extends Schema.Top, Q extends Schema.Top, B extends Schema.Top, A extends Schema.Top>(
  e: Endpoint<P, Q, B, A>,
): Endpoint<P, Q, B, A> => e

export const canCall = (access: Access, role: Role | null): boolean =>
  access === "public" ? true : role === null ? false : access === "signedIn" ? true : access.includes(role)

export type ParamsOf<E> = E extends Endpoint<infer P, Schema.Top, Schema.Top, Schema.Top> ? P["Encoded"] : never
export type QueryOf<E> = E extends Endpoint<Schema.Top, infer Q, Schema.Top, Schema.Top> ? Q["Encoded"] : never
export type BodyOf<E> = E extends Endpoint<Schema.Top, Schema.Top, infer B, Schema.Top> ? B["Encoded"] : never
export type AnswerOf<E> = E extends Endpoint<Schema.Top, Schema.Top, Schema.Top, infer A> ? A["Type"] : never
