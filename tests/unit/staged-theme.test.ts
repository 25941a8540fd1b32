import { createSystem, defaultBaseConfig, defaultConfig } from "@chakra-ui/react"
import { recipes, slotRecipes } from "@chakra-ui/react/theme"
import { describe, expect, it, vi } from "vitest"
import { stageRecipes } from "../../src/ui/app/recipe-staging.ts"

/**
 * The theme module as a first load has it: loaded afresh, since a test file before this one in the same worker
 * (modules load once per worker) may have staged the other recipes into the copy it loaded.
 */
async function freshTheme() {
  vi.resetModules()
  return import("../../src/ui/app/theme.ts")
}

describe("the console's Chakra theme, staged for the first load (issue 9)", () => {
  it("starts with only the sign-in screens' recipes", async () => {
    const { system } = await freshTheme()
    expect(Object.keys(system._config.theme?.recipes ?? {}).sort()).toEqual(["button", "heading", "input", "link", "spinner"])
    expect(system._config.theme?.slotRecipes ?? {}).toEqual({})
  })

  it("is Chakra's default theme with the accessibility fixes once all-recipes.ts has run", async () => {
    const { accessibilityFixes, system } = await freshTheme()
    await import("../../src/ui/app/all-recipes.ts")
    expect(system._config).toEqual(createSystem(defaultConfig, accessibilityFixes)._config)
    expect(system.getSlotRecipeFn("table").classNameMap.root).toBe("chakra-table__root")
  })
})

describe("stageRecipes", () => {
  it("names a recipe asked for before it was added, which Chakra would leave unstyled", () => {
    const staged = createSystem(defaultBaseConfig, { theme: {} })
    const reports: string[] = []
    const addRecipes = stageRecipes(staged, (message) => reports.push(message))
    staged.getSlotRecipeFn("table")
    staged.getRecipeFn("badge")
    // Chakra's Text asks for a "text" recipe that its default theme does not have: not a loss.
    staged.getRecipeFn("text")
    addRecipes(recipes, slotRecipes)
    expect(reports).toHaveLength(1)
    expect(reports[0]).toContain("table, badge.")
    expect(staged.getSlotRecipeFn("card").classNameMap.root).toBe("chakra-card__root")
  })

  it("says nothing when every recipe came first", () => {
    const staged = createSystem(defaultBaseConfig, { theme: {} })
    const reports: string[] = []
    const addRecipes = stageRecipes(staged, (message) => reports.push(message))
    addRecipes(recipes, slotRecipes)
    staged.getSlotRecipeFn("table")
    expect(reports).toEqual([])
  })
})
