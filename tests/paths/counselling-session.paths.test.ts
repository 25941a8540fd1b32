import { counsellingSessionMachine } from "../../src/machines/counselling-session.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const NOW = Date.parse("2030-03-31T09:00:00.000Z")

describeMachinePaths("counselling session", {
  machine: counsellingSessionMachine,
  input: { dateTime: NOW + 1000, now: NOW },
  events: [
    { type: "clock.tick", now: NOW + 500 },
    { type: "clock.tick", now: NOW + 1000 },
    { type: "session.edit", dateTime: NOW + 60_000 },
    { type: "session.delete" },
  ],
})
