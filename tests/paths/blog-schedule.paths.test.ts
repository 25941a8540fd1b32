import { ApiError } from "../../src/api/api-error.ts"
import { blogSchedulePanelMachine } from "../../src/machines/blogs/blog-schedule-panel.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const failure = new ApiError("http", 500, "Internal Server Error", "Something went wrong on our side. Please try again.")
const refusedTime = new ApiError("http", 400, "Bad Request", "publishAt: must be within a year")
const schedule = {
  publishAt: "2099-01-05T09:30:00.000Z",
  by: "Eshan Editor",
  at: "2026-12-03T10:00:00.000Z",
  values: { title: "Five habits of calm" },
  image: null,
}
const text = { blogName: "Calm", title: "Five habits of calm", keyword: "calm", description: "d", about: "<p>Sleep early</p>" }

describeMachinePaths("a blog's schedule publish panel", {
  machine: blogSchedulePanelMachine,
  input: { itemId: "b1" },
  events: [
    { type: "fetchSchedule.done", output: schedule },
    { type: "fetchSchedule.done", output: null },
    { type: "fetchSchedule.error", error: failure },
    { type: "schedule.retry" },
    { type: "publishAt.change", value: "2099-01-05T09:30" },
    { type: "publishAt.change", value: "2001-01-05T09:30" },
    { type: "publishAt.change", value: "" },
    { type: "schedule.submit", text, image: null },
    { type: "saveSchedule.done", output: schedule },
    { type: "saveSchedule.error", error: failure },
    { type: "saveSchedule.error", error: refusedTime },
    { type: "cancel.request" },
    { type: "cancel.dismiss" },
    { type: "cancel.confirm" },
    { type: "cancelSchedule.done", output: { success: true, message: "Scheduled publish cancelled." } },
    { type: "cancelSchedule.error", error: failure },
  ],
})
