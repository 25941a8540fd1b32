import { vendorRoles } from "../common.ts"
import {
  MyAvailabilityAnswer,
  MyAvailabilityQuery,
  SaveAvailabilityRequest,
  VendorAvailabilityAnswer,
  VendorAvailabilityParams,
  VendorAvailabilityQuery,
} from "../availability.ts"
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
  summary: "Saves the signed-in vendor's slots per date and, optionally, the default for all dates",
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

export const availabilityEndpoints = [myAvailability, saveMyAvailability, vendorAvailability]
