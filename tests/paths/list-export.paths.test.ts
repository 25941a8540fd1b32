import { ApiError } from "../../src/api/api-error.ts"
import { listExportMachine } from "../../src/machines/list-export.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

describeMachinePaths("list export (CSV)", {
  machine: listExportMachine.provide({ actions: { download: () => {}, notify: () => {} } }),
  input: { list: "lawyer" },
  events: [
    { type: "export.csv", search: "" },
    { type: "export.csv", search: "ana" },
    { type: "exportList.done", output: "Name,Email\r\n" },
    { type: "exportList.error", error: new ApiError("http", 403, "Forbidden", "Only an Admin may do this.") },
  ],
})
