import { expect, it } from "vitest"
import { machineRegistry } from "../../src/machines/registry.ts"
import { describeMachinePaths } from "./path-harness.ts"
import { workflowSpecs } from "./workflow-specs.ts"

for (const spec of Object.values(workflowSpecs)) describeMachinePaths(spec.name, spec)

it("walks every domain workflow of the registry, each with its own machine", () => {
  const workflows = machineRegistry.filter((e) => e.workflow)
  expect(Object.keys(workflowSpecs).sort()).toEqual(workflows.map((e) => e.id).sort())
  for (const entry of workflows) expect(workflowSpecs[entry.id]!.machine).toBe(entry.machine)
})
