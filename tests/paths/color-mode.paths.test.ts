import { colorModeMachine } from "../../src/machines/color-mode.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

describeMachinePaths("color mode", {
  machine: colorModeMachine.provide({ actions: { persist: () => {}, applyMode: () => {} } }),
  input: { preference: "system", systemDark: false },
  events: [{ type: "colorMode.toggle" }, { type: "colorMode.system" }, { type: "system.changed", dark: true }],
})
