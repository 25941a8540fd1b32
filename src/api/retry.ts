import { FetchError } from "ofetch"

/**
 * Waits between attempts of a call the server could not answer: 0.5, 1, 2, 4, 8, 8 s (about 24 s in
 * all) before the failure is shown. Only reads and writes sent with an Idempotency-Key are tried again:
 * for them a second attempt can never write twice.
 */
export const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 8_000] as const

/** No answer at all (the server is down or the network is), or 503 (the server cannot reach its database). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof FetchError)) return false
  return !error.response || error.response.status === 503
}

export interface RetryHooks {
  retry: boolean
  onUnreachable: () => void
  onAnswered: () => void
  sleep?: (ms: number) => Promise<void>
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function withRetry<T>(attempt: () => Promise<T>, hooks: RetryHooks): Promise<T> {
  const sleep = hooks.sleep ?? wait
  for (let tries = 0; ; tries++) {
    try {
      const result = await attempt()
      hooks.onAnswered()
      return result
    } catch (error) {
      if (!isUnreachable(error)) {
        if (error instanceof FetchError && error.response) hooks.onAnswered()
        throw error
      }
      hooks.onUnreachable()
      const delay = RETRY_DELAYS_MS[tries]
      if (!hooks.retry || delay === undefined) throw error
      await sleep(delay)
    }
  }
}
