import { describe, expect, it } from "vitest"
import { freeSlots, localDate } from "../../server/services/availability/free-slots.ts"

const MIN = 60_000
const at = (iso: string) => Date.parse(iso)
const iso = (slots: Array<{ start: number }>) => slots.map((s) => new Date(s.start).toISOString())

describe("free slots", () => {
  const base = { zone: "Europe/Berlin", slotMs: 30 * MIN, busy: [], now: at("2030-01-01T00:00:00Z") }

  it("places each wall-clock slot on its real instant in the vendor's zone, across a daylight-saving change", () => {
    // Berlin moves its clocks forward on 31 March 2030: 08:00 is 07:00Z the day before, 06:00Z that day.
    const slots = freeSlots({ ...base, from: at("2030-03-30T00:00:00Z"), to: at("2030-04-01T00:00:00Z"), slotsOf: () => ["08:00"] })
    expect(iso(slots)).toEqual(["2030-03-30T07:00:00.000Z", "2030-03-31T06:00:00.000Z"])
    expect(localDate(at("2030-03-30T23:30:00Z"), "Europe/Berlin")).toBe("2030-03-31")
  })

  it("uses each date's own slots, and offers only what starts within the range", () => {
    const slotsOf = (date: string) => (date === "2030-06-03" ? ["09:00", "09:30"] : date === "2030-06-04" ? ["10:00"] : [])
    const slots = freeSlots({ ...base, zone: "Asia/Kolkata", from: at("2030-06-03T03:45:00Z"), to: at("2030-06-04T04:30:00Z"), slotsOf })
    // 09:00 IST is 03:30Z (before the range), 09:30 IST 04:00Z, 10:00 IST the next day 04:30Z (the range's end, excluded).
    expect(iso(slots)).toEqual(["2030-06-03T04:00:00.000Z"])
  })

  it("leaves out the past and every slot that shares a minute with something booked", () => {
    const slotsOf = () => ["08:00", "08:30", "09:00", "09:30", "10:00"]
    const slots = freeSlots({
      ...base,
      zone: "UTC",
      from: at("2030-02-01T00:00:00Z"),
      to: at("2030-02-02T00:00:00Z"),
      now: at("2030-02-01T08:10:00Z"),
      // 08:45–09:15 takes 08:30 and 09:00; a long one 09:20–09:31 takes 09:00 and 09:30; 10:30 touches 10:00's end only.
      busy: [
        { start: at("2030-02-01T09:20:00Z"), end: at("2030-02-01T09:31:00Z") },
        { start: at("2030-02-01T08:45:00Z"), end: at("2030-02-01T09:15:00Z") },
        { start: at("2030-02-01T10:30:00Z"), end: at("2030-02-01T11:00:00Z") },
      ],
      slotsOf,
    })
    expect(iso(slots)).toEqual(["2030-02-01T10:00:00.000Z"])
  })

  it("sees a long booking that started well before the slot", () => {
    const slots = freeSlots({
      ...base,
      zone: "UTC",
      from: at("2030-02-01T00:00:00Z"),
      to: at("2030-02-02T00:00:00Z"),
      busy: [
        { start: at("2030-02-01T06:00:00Z"), end: at("2030-02-01T12:00:00Z") },
        { start: at("2030-02-01T07:00:00Z"), end: at("2030-02-01T07:30:00Z") },
      ],
      slotsOf: () => ["11:30", "12:00"],
    })
    expect(iso(slots)).toEqual(["2030-02-01T12:00:00.000Z"])
  })
})
