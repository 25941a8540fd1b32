/**
 * Every failed call becomes an ApiError: `status` is the HTTP status (0 when no answer came back),
 * `message` the normalised server message, `kind` tells machines which spec message to show.
 */
export class ApiError extends Error {
  readonly _tag = "ApiError"
  constructor(
    readonly kind: "http" | "network" | "decode",
    readonly status: number,
    readonly statusText: string,
    message: string,
  ) {
    super(message)
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/** The message to show for a failure, or `fallback` when the failure carries none worth showing. */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && error.kind === "http" && error.message && error.message !== "An error occurred.") return error.message
  return fallback
}
