import { ApiError } from "../../src/api/api-error.ts"
import type { CounsellingSession } from "../../src/api/contract/counselling/counselling-session.ts"
import { createSessionMachine } from "../../src/machines/counselling/create-session.machine.ts"
import { editSessionMachine } from "../../src/machines/counselling/edit-session.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const noop = () => {}
const NOW = Date.parse("2030-03-01T09:00:00.000Z")
const session = {
  _id: "s1",
  meetingKey: "Counsellingabc",
  dateTime: "2030-03-31T12:30:00.000Z",
  topic: "Sleep",
  agenda: "Routine",
  duration: 45,
  note: null,
} as unknown as CounsellingSession

describeMachinePaths("create session form", {
  machine: createSessionMachine.provide({ actions: { submitted: noop } }),
  input: { now: () => NOW },
  events: [
    { type: "form.open", extra: { userId: "u1", counsellorId: "c1" } },
    { type: "field.change", field: "date", value: "2030-03-31" },
    { type: "field.change", field: "time", value: "14:30" },
    { type: "field.change", field: "topic", value: "Sleep" },
    { type: "field.change", field: "agenda", value: "Routine" },
    { type: "field.change", field: "duration", value: "45" },
    { type: "form.submit" },
    { type: "form.close" },
    { type: "submit.done", output: { message: "Session created successfully!" } },
    { type: "submit.error", error: new ApiError("http", 409, "Conflict", "The counsellor already has a session at this time.") },
    { type: "after.successShown" },
  ],
})

describeMachinePaths("edit session form", {
  machine: editSessionMachine.provide({ actions: { submitted: noop, openRefused: noop } }),
  input: { now: () => NOW },
  events: [
    { type: "form.open", item: session },
    { type: "form.open", item: { ...session, meetingKey: null } },
    { type: "form.open", item: { ...session, dateTime: "2030-02-01T00:00:00.000Z" } },
    { type: "field.change", field: "topic", value: "" },
    { type: "field.change", field: "topic", value: "Moved" },
    { type: "form.submit" },
    { type: "form.close" },
    { type: "submit.done", output: { message: "Session updated successfully!" } },
    { type: "submit.error", error: new ApiError("network", 0, "", "Could not reach the server.") },
    { type: "after.successShown" },
  ],
})
