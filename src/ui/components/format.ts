import dayjs from "dayjs"
import { wallClock } from "../../machines/account/viewer-zone.ts"

export { viewerZone } from "../../machines/account/viewer-zone.ts"

/** The one placeholder for a missing or not-applicable value, as the spec shows it (Organization, expiration date). */
export const NOT_AVAILABLE = "N/A"

/** 'Date | Time' columns: on the viewer's clock (their profile's zone, else the browser's). */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? wallClock(iso).format("DD MMM YYYY | hh:mm A") : NOT_AVAILABLE)
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/
/** A moment's date on the viewer's clock; a calendar date (`2027-05-01`, an expiration date) as it is, on no clock. */
export const formatDate = (iso: string | null | undefined): string =>
  iso ? (CALENDAR_DATE.test(iso) ? dayjs(iso) : wallClock(iso)).format("DD MMM YYYY") : NOT_AVAILABLE

/** Blog name and slug cut at 15 characters plus an ellipsis (spec section 9). */
export const truncate = (text: string, max = 15): string => (text.length > max ? `${text.slice(0, max)}...` : text)

export const orNA = (value: string | null | undefined): string => (value && value.trim() ? value : NOT_AVAILABLE)

/** A count or amount with its unit, singular for one: '1 year', '49 years'. */
export const withUnit = (value: number, unit: string): string => `${value} ${unit}${value === 1 ? "" : "s"}`
