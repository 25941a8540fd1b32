import { assign, setup } from "xstate"
import { saveColorMode, systemPrefersDark, type ColorModePreference } from "../api/preferences-storage.ts"

export interface ColorModeContext {
  preference: ColorModePreference
  systemDark: boolean
}

export type ColorModeEvent = { type: "colorMode.toggle" } | { type: "colorMode.system" } | { type: "system.changed"; dark: boolean }

export const isDark = (context: ColorModeContext): boolean => context.preference === "dark" || (context.preference === "system" && context.systemDark)

/**
 * Dark mode follows the system until the person toggles it in the user menu; the choice is
 * remembered in this browser. `applyMode` (class on <html>) is provided by the app.
 */
export const colorModeMachine = setup({
  types: { context: {} as ColorModeContext, events: {} as ColorModeEvent, input: {} as { preference: ColorModePreference; systemDark?: boolean } },
  actions: {
    persist: ({ context }) => saveColorMode(context.preference),
    applyMode: (_, _params: { dark: boolean }) => {},
  },
}).createMachine({
  id: "colorMode",
  context: ({ input }) => ({ preference: input.preference, systemDark: input.systemDark ?? systemPrefersDark() }),
  initial: "active",
  entry: { type: "applyMode", params: ({ context }) => ({ dark: isDark(context) }) },
  states: {
    active: {
      description: "The console is light or dark as the preference (or the system) says.",
      on: {
        "colorMode.toggle": {
          actions: [
            assign({ preference: ({ context }) => (isDark(context) ? "light" : "dark") }),
            "persist",
            { type: "applyMode", params: ({ context }) => ({ dark: isDark(context) }) },
          ],
        },
        "colorMode.system": {
          actions: [assign({ preference: "system" }), "persist", { type: "applyMode", params: ({ context }) => ({ dark: isDark(context) }) }],
        },
        "system.changed": {
          actions: [assign({ systemDark: ({ event }) => event.dark }), { type: "applyMode", params: ({ context }) => ({ dark: isDark(context) }) }],
        },
      },
    },
  },
})
