import { vendorRoles } from "../common.ts"
import {
  FreeSlotsAnswer,
  FreeSlotsQuery,
  MyAvailabilityAnswer,
  MyAvailabilityQuery,
  SaveAvailabilityRequest,
  VendorAvailabilityAnswer,
  VendorAvailabilityParams,
  VendorAvailabilityQuery,
} from "./availability.ts"
import { endpoint } from "../endpoint.ts"

export const myAvailability = endpoint({
  name: "myAvailability",
  method: "GET",
  path: "/availability",
  query: MyAvailabilityQuery,
  answer: MyAvailabilityAnswer,
  access: vendorRoles,
  summary: "The signed-in vendor's availability for `days` dates from `from` (My Listing)",
})

export const saveMyAvailability = endpoint({
  name: "saveMyAvailability",
  method: "PUT",
  path: "/availability",
  body: SaveAvailabilityRequest,
  answer: MyAvailabilityAnswer,
  access: vendorRoles,
  summary: "Saves the signed-in vendor's slots per date and, optionally, the default for all dates and each weekday's hours",
})

export const vendorAvailability = endpoint({
  name: "vendorAvailability",
  method: "GET",
  path: "/availability/:vendorId",
  params: VendorAvailabilityParams,
  query: VendorAvailabilityQuery,
  answer: VendorAvailabilityAnswer,
  access: ["Admin"],
  summary: "The slots a vendor marked available on one date (shown when creating a session)",
})

export const vendorFreeSlots = endpoint({
  name: "vendorFreeSlots",
  method: "GET",
  path: "/availability/:vendorId/free",
  params: VendorAvailabilityParams,
  query: FreeSlotsQuery,
  answer: FreeSlotsAnswer,
  access: ["Admin"],
  summary:
    "The vendor's free 30-minute slots starting in [from, to): marked available in their time zone, not past, and not taken by a session of theirs or of the client",
  refusals: { 404: "No vendor has this id" },
})

export const availabilityEndpoints = [myAvailability, saveMyAvailability, vendorAvailability, vendorFreeSlots]
