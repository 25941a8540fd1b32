import type { RecipeDefinition, SlotRecipeConfig, SystemContext } from "@chakra-ui/react"

/**
 * Lets a Chakra system start with some recipes and receive the rest later. Chakra reads
 * `theme.recipes[key]` when a component first asks for a recipe and caches the result, so a recipe
 * asked for before it arrives would stay empty (an unstyled component) for good: `addRecipes` reports
 * such a recipe by name, so the first screens' list in theme.ts can be corrected.
 */
export function stageRecipes(system: SystemContext, report: (message: string) => void = console.error) {
  // Chakra reads recipes from the very `theme` object of the config it was given; without one it made its own.
  const theme = system._config.theme
  if (!theme) throw new Error("stageRecipes needs a system created with a theme")
  const askedBeforeAdded = new Set<string>()
  const { getRecipeFn, getSlotRecipeFn } = system
  system.getRecipeFn = (key: string, fallback?: unknown) => {
    if (!system.isRecipe(key)) askedBeforeAdded.add(key)
    return getRecipeFn(key, fallback)
  }
  system.getSlotRecipeFn = (key: string, fallback?: unknown) => {
    if (!system.isSlotRecipe(key)) askedBeforeAdded.add(key)
    return getSlotRecipeFn(key, fallback)
  }
  return function addRecipes(recipes: Record<string, RecipeDefinition>, slotRecipes: Record<string, SlotRecipeConfig>) {
    system.getRecipeFn = getRecipeFn
    system.getSlotRecipeFn = getSlotRecipeFn
    theme.recipes = { ...recipes, ...theme.recipes }
    theme.slotRecipes = { ...slotRecipes, ...theme.slotRecipes }
    const unstyled = [...askedBeforeAdded].filter((key) => key in recipes || key in slotRecipes)
    if (unstyled.length) report(`Chakra recipes used before they were loaded, so left unstyled: ${unstyled.join(", ")}. Add them to theme.ts's first screens.`)
  }
}
