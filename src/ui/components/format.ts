import dayjs from "dayjs"

/** The one placeholder for a missing or not-applicable value, as the spec shows it (Organization, expiration date). */
export const NOT_AVAILABLE = "N/A"

/** 'Date | Time' columns: the viewer's local time zone. */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format("DD MMM YYYY | hh:mm A") : NOT_AVAILABLE)
export const formatDate = (iso: string | null | undefined): string => (iso ? dayjs(iso).format("DD MMM YYYY") : NOT_AVAILABLE)

/** Blog name and slug cut at 15 characters plus an ellipsis (spec section 9). */
export const truncate = (text: string, max = 15): string => (text.length > max ? `${text.slice(0, max)}...` : text)

export const orNA = (value: string | null | undefined): string => (value && value.trim() ? value : NOT_AVAILABLE)

/** A count or amount with its unit, singular for one: '1 year', '49 years'. */
export const withUnit = (value: number, unit: string): string => `${value} ${unit}${value === 1 ? "" : "s"}`
