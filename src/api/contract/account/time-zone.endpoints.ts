import { TimeZoneAnswer, TimeZoneSetting } from "./time-zone.ts"
import { endpoint } from "../endpoint.ts"

// Apart from the sign-in calls (auth.endpoints.ts), so the sign-in screen does not load them.
export const getMyTimeZone = endpoint({
  name: "getMyTimeZone",
  method: "GET",
  path: "/user/time-zone",
  answer: TimeZoneAnswer,
  access: "signedIn",
  summary: "The signed-in person's time zone (null until they choose one): a vendor's hours are read in it",
})

export const setMyTimeZone = endpoint({
  name: "setMyTimeZone",
  method: "PUT",
  path: "/user/time-zone",
  body: TimeZoneSetting,
  answer: TimeZoneAnswer,
  access: "signedIn",
  summary: "Sets (or, with null, forgets) the signed-in person's time zone. Records user.timeZoneChanged",
})

export const timeZoneEndpoints = [getMyTimeZone, setMyTimeZone]
