import { ApiError } from "../../src/api/api-error.ts"
import { savedViewsMachine } from "../../src/machines/views/saved-views.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const failure = new ApiError("http", 500, "Internal Server Error", "Something went wrong on our side. Please try again.")
const taken = new ApiError("http", 409, "Conflict", "You already have a view with this name on this list.")
const view = (id: string, name: string) => ({ _id: id, list: "enquiries", name, query: "sort=name", createdAt: "2026-11-27T10:00:00.000Z" })

describeMachinePaths("saved views of a list", {
  machine: savedViewsMachine,
  input: { list: "enquiries" },
  events: [
    { type: "views.open" },
    { type: "fetchViews.done", output: [view("v1", "By name")] },
    { type: "fetchViews.error", error: failure },
    { type: "views.reload" },
    { type: "view.apply", id: "v1" },
    { type: "name.change", value: "Pune first" },
    { type: "name.change", value: "   " },
    { type: "save.submit", query: "search=pune&sort=name" },
    { type: "saveView.done", output: view("v2", "Pune first") },
    { type: "saveView.error", error: taken },
    { type: "delete.request", id: "v1" },
    { type: "delete.confirm" },
    { type: "delete.cancel" },
    { type: "deleteView.done", output: "v1" },
    { type: "deleteView.error", error: failure },
  ],
})
