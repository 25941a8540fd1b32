import { createActor } from "xstate"
import { loadColorMode } from "../../api/preferences-storage.ts"
import { colorModeMachine } from "../../machines/color-mode.machine.ts"

/** Started before the first render so the page never flashes the wrong theme. */
export const colorModeActor = createActor(
  colorModeMachine.provide({
    actions: {
      applyMode: (_, { dark }) => {
        const root = document.documentElement
        root.classList.toggle("dark", dark)
        root.classList.toggle("light", !dark)
        root.style.colorScheme = dark ? "dark" : "light"
      },
    },
  }),
  { input: { preference: loadColorMode() } },
)
colorModeActor.start()

matchMedia("(prefers-color-scheme: dark)").addEventListener("change", (e) => colorModeActor.send({ type: "system.changed", dark: e.matches }))
