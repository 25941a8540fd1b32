import { AsyncLocalStorage } from "node:async_hooks"

/**
 * Where a write came from (issue 25: every event shows its source address and request id): the client's
 * address and the request's id, carried to the event log without threading them through every command.
 * Set for writes only (reads append no events); outside a request (a script, the postman) there is none.
 */
export interface RequestOrigin {
  ip: string
  requestId: string
}

const origins = new AsyncLocalStorage<RequestOrigin>()

/** Runs `work` with the origin of the request it serves. */
export const withOrigin = <T>(origin: RequestOrigin, work: () => T): T => origins.run(origin, work)

/** The origin of the request being served, if any. */
export const currentOrigin = (): RequestOrigin | undefined => origins.getStore()
