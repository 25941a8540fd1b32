import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react"
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme"
import { stageRecipes } from "./recipe-staging.ts"

/**
 * People who ask their system for less motion (WCAG 2.3.3) get none: dialogs, menus, toasts and skeletons
 * appear and go at once, and spinners show without turning.
 */
const reducedMotion = {
  "@media (prefers-reduced-motion: reduce)": {
    "*, *::before, *::after": {
      // Animations still run, for a frame, so what waits for their end (a closing dialog) is told.
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      // No transition at all: a focus ring drawn over 0.01 ms is still absent in the frame the focus moves.
      transitionDuration: "0s !important",
      transitionDelay: "0s !important",
      scrollBehavior: "auto !important",
    },
  },
}

/**
 * Chakra's default theme with the few tokens that miss WCAG 2.1 AA contrast (checked by axe in
 * tests/e2e/a11y-tour.ts): white on teal.600 is 3.7:1, so solid teal uses teal.700 (5.5:1);
 * fg.subtle (gray.400 on white, 2.6:1) becomes gray.600 in light and gray.400 in dark mode. Focus rings
 * (each palette's 500, about 2.5:1 on white) use its 700 in light and 300 in dark mode: at least 3:1
 * against the page (WCAG 1.4.11), measured by tests/e2e/a11y-tour.ts.
 */
function focusRings(palettes: string[]) {
  return Object.fromEntries(palettes.map((p) => [p, { focusRing: { value: { _light: `{colors.${p}.700}`, _dark: `{colors.${p}.300}` } } }]))
}

/** What the console changes of Chakra's default theme: the contrast fixes above and reduced motion. */
export const accessibilityFixes = defineConfig({
  globalCss: reducedMotion,
  theme: {
    semanticTokens: {
      colors: {
        teal: {
          solid: { value: { _light: "{colors.teal.700}", _dark: "{colors.teal.700}" } },
          fg: { value: { _light: "{colors.teal.700}", _dark: "{colors.teal.300}" } },
          focusRing: { value: { _light: "{colors.teal.700}", _dark: "{colors.teal.300}" } },
        },
        fg: {
          subtle: { value: { _light: "{colors.gray.600}", _dark: "{colors.gray.400}" } },
        },
        ...focusRings(["gray", "red", "orange", "yellow", "green", "blue", "cyan", "purple", "pink"]),
      },
    },
  },
})

/**
 * Chakra's default theme config (its `defaultThemeConfig`) holding only the recipes of what shows before
 * sign-in (the sign-in form, the not-found page, the page spinner). Chakra's ~80 recipes were a tenth of
 * /login's first load (issue 9); every other screen loads them first (lazy-screen.ts, all-recipes.ts).
 */
const firstScreensConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: { button: buttonRecipe, heading: headingRecipe, input: inputRecipe, link: linkRecipe, spinner: spinnerRecipe },
  },
})

export const system = createSystem(defaultBaseConfig, firstScreensConfig, accessibilityFixes)

/** Adds the rest of Chakra's recipes (all-recipes.ts, loaded before any screen but the first ones). */
export const addRecipes = stageRecipes(system)
