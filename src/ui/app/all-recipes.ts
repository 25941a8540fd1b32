import { recipes, slotRecipes } from "@chakra-ui/react/theme"
import { addRecipes } from "./theme.ts"

// Chakra's every recipe, loaded by lazy-screen.ts before a screen past sign-in renders.
addRecipes(recipes, slotRecipes)
