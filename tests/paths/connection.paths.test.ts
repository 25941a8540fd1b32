import { connectionMachine } from "../../src/machines/connection.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

describeMachinePaths("connection", {
  machine: connectionMachine,
  events: [{ type: "connection.lost" }, { type: "connection.restored" }],
})
