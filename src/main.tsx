import { StrictMode, startTransition } from "react"
import { createRoot } from "react-dom/client"
import { ChakraProvider } from "@chakra-ui/react"
import { system } from "./ui/app/theme.ts"
import { App } from "./ui/app/app.tsx"
import { colorModeActor } from "./ui/app/color-mode-actor.ts"

// Imported for its effect of applying the theme before the first paint.
void colorModeActor

const root = createRoot(document.getElementById("root")!)
// As a transition, the first render is drawn in slices that give the browser its turn every few milliseconds,
// instead of one task as long as the whole first screen takes to render: Lighthouse counted that task as
// blocking time on the Admin's dashboard (issue 31).
startTransition(() =>
  root.render(
    <StrictMode>
      <ChakraProvider value={system}>
        <App />
      </ChakraProvider>
    </StrictMode>,
  ),
)
