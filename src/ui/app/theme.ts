import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react"

/**
 * Chakra's default theme with the few tokens that miss WCAG 2.1 AA contrast (checked by axe in
 * tests/e2e/a11y.test.ts): white on teal.600 is 3.7:1, so solid teal uses teal.700 (5.5:1);
 * fg.subtle (gray.400 on white, 2.6:1) becomes gray.600 in light and gray.400 in dark mode.
 */
const config = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        teal: {
          solid: { value: { _light: "{colors.teal.700}", _dark: "{colors.teal.700}" } },
          fg: { value: { _light: "{colors.teal.700}", _dark: "{colors.teal.300}" } },
        },
        fg: {
          subtle: { value: { _light: "{colors.gray.600}", _dark: "{colors.gray.400}" } },
        },
      },
    },
  },
})

export const system = createSystem(defaultConfig, config)
