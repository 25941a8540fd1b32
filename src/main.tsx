import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { ChakraProvider } from "@chakra-ui/react"
import { system } from "./ui/app/theme.ts"
import { App } from "./ui/app/app.tsx"
import { colorModeActor } from "./ui/app/color-mode-actor.ts"

// Imported for its effect of applying the theme before the first paint.
void colorModeActor

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <App />
    </ChakraProvider>
  </StrictMode>,
)
