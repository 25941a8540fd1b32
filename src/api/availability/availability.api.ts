import type { SaveAvailabilityRequest } from "../contract/availability/availability.ts"
import * as api from "../contract/availability/availability.endpoints.ts"
import { call } from "../client.ts"

export const getMyAvailability = (from: string, days: number) => call(api.myAvailability, { query: { from, days: String(days) } })
export const saveMyAvailability = (request: SaveAvailabilityRequest) => call(api.saveMyAvailability, { body: request })

/** The vendor's free slots starting in [from, to) (instants with their zone), for the Admin's session forms. */
export const getFreeSlots = async (vendorId: string, ask: { from: string; to: string; clientId?: string | null; exceptSessionId?: string | null }) =>
  (
    await call(api.vendorFreeSlots, {
      params: { vendorId },
      query: {
        from: ask.from,
        to: ask.to,
        ...(ask.clientId ? { clientId: ask.clientId } : {}),
        ...(ask.exceptSessionId ? { exceptSessionId: ask.exceptSessionId } : {}),
      },
    })
  ).data
