import type { SaveAvailabilityRequest } from "./contract/availability.ts"
import * as api from "./contract/endpoints/availability.endpoints.ts"
import { call } from "./client.ts"

export const getMyAvailability = (from: string, days: number) => call(api.myAvailability, { query: { from, days: String(days) } })
export const saveMyAvailability = (request: SaveAvailabilityRequest) => call(api.saveMyAvailability, { body: request })
export const getVendorAvailability = (vendorId: string, date: string) => call(api.vendorAvailability, { params: { vendorId }, query: { date } })
