import dayjs from "dayjs"

const at = (hhmm: string) => dayjs(`2000-01-01T${hhmm}:00`)

/** "08:00" → "08:00 AM - 08:30 AM": a 30-minute slot as the picker shows it. */
export const slotLabel = (start: string): string => `${at(start).format("hh:mm A")} - ${at(start).add(30, "minute").format("hh:mm A")}`

/** "2026-03-02" → "Mon, 02 Mar". */
export const dayLabel = (date: string): string => dayjs(date).format("ddd, DD MMM")
