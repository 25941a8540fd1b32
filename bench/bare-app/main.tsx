import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { Button, ChakraProvider, defaultSystem } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Schema } from "effect"
import { Route, Switch } from "wouter"
import { createMachine } from "xstate"

/**
 * The baseline of the first-load benchmark: the console's libraries (React, Chakra, XState,
 * Effect Schema, wouter) doing the least they can: one button.
 */
const Count = Schema.Struct({ count: Schema.Number })
const machine = createMachine({ initial: "idle", states: { idle: { on: { press: "pressed" } }, pressed: {} } })

function App() {
  const actor = useActorRef(machine)
  const pressed = useSelector(actor, (s) => s.matches("pressed"))
  const { count } = Schema.decodeUnknownSync(Count)({ count: pressed ? 1 : 0 })
  return (
    <Switch>
      <Route path="/">
        <Button onClick={() => actor.send({ type: "press" })}>Pressed {count}</Button>
      </Route>
    </Switch>
  )
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ChakraProvider value={defaultSystem}>
      <App />
    </ChakraProvider>
  </StrictMode>,
)
