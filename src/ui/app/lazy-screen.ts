import { lazy, type ComponentType } from "react"

/**
 * `React.lazy` for every screen but the sign-in form: the screen's module and all of Chakra's recipes
 * (theme.ts keeps only the first screens' recipes in the first load), fetched side by side.
 */
export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => Promise.all([load(), import("./all-recipes.ts")]).then(([screen]) => screen))
}
