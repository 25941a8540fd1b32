import dayjs from "dayjs"

/** 'Date | Time' columns: the viewer's local time zone. */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format("DD MMM YYYY | hh:mm A") : "N/A")
export const formatDate = (iso: string | null | undefined): string => (iso ? dayjs(iso).format("DD MMM YYYY") : "N/A")

/** Blog name and slug cut at 15 characters plus an ellipsis (spec section 9). */
export const truncate = (text: string, max = 15): string => (text.length > max ? `${text.slice(0, max)}...` : text)

export const orNA = (value: string | null | undefined): string => (value && value.trim() ? value : "N/A")
