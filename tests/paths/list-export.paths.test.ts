import { ApiError } from "../../src/api/api-error.ts"
import { listExportMachine } from "../../src/machines/list-export.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

describeMachinePaths("list export (CSV and Excel)", {
  machine: listExportMachine.provide({ actions: { download: () => {}, notify: () => {} } }),
  input: { list: "lawyer" },
  events: [
    { type: "export.csv", search: "" },
    { type: "export.csv", search: "ana" },
    { type: "export.xlsx", search: "ana", sort: "-name", filters: { role: "Lawyer" } },
    { type: "exportList.done", output: new Blob(["Name,Email\r\n"]) },
    { type: "exportList.error", error: new ApiError("http", 403, "Forbidden", "Only an Admin may do this.") },
  ],
})
