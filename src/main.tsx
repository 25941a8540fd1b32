import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { ChakraProvider, defaultSystem } from "@chakra-ui/react"
import { App } from "./ui/app/app.tsx"
import { colorModeActor } from "./ui/app/color-mode-actor.ts"

// Imported for its effect of applying the theme before the first paint.
void colorModeActor

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ChakraProvider value={defaultSystem}>
      <App />
    </ChakraProvider>
  </StrictMode>,
)
