import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { colorModeMachine, isDark } from "../../src/machines/color-mode.machine.ts"

function start(preference: "system" | "light" | "dark", systemDark: boolean) {
  const applied: boolean[] = []
  const saved: string[] = []
  const actor = createActor(
    colorModeMachine.provide({
      actions: { applyMode: (_, { dark }) => void applied.push(dark), persist: ({ context }) => void saved.push(context.preference) },
    }),
    { input: { preference, systemDark } },
  ).start()
  return { actor, applied, saved }
}

describe("color mode machine", () => {
  it("follows the system preference until toggled", () => {
    const { actor, applied } = start("system", true)
    expect(applied).toEqual([true])
    actor.send({ type: "system.changed", dark: false })
    expect(applied.at(-1)).toBe(false)
  })

  it("remembers a toggle, which then wins over the system", () => {
    const { actor, applied, saved } = start("system", false)
    actor.send({ type: "colorMode.toggle" })
    expect(saved).toEqual(["dark"])
    expect(applied.at(-1)).toBe(true)
    actor.send({ type: "system.changed", dark: false })
    expect(isDark(actor.getSnapshot().context)).toBe(true)
    actor.send({ type: "colorMode.system" })
    expect(saved.at(-1)).toBe("system")
    expect(applied.at(-1)).toBe(false)
  })
})
