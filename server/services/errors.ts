/** A refusal the client should see: its status and message go out as `{ success: false, message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After (a 429 always says when to try again). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = "Unauthorized") => new HttpError(401, message)
export const forbidden = (message = "You are not allowed to do this.") => new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new HttpError(429, message, Math.max(1, Math.ceil(retryAfterSeconds)))
