import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { NotificationKind, NotificationPreference, PreferencesAnswer } from "../../src/api/contract/notifications/notification.ts"
import { notificationSettingsMachine } from "../../src/machines/notifications/notification-settings.machine.ts"

const preferences: NotificationPreference[] = [
  { kind: "vendor.statusChanged", label: "Vendor status changed", mail: true, mailOptional: true },
  { kind: "password.changed", label: "Password changed", mail: true, mailOptional: false },
]

function start(save: (input: { kind: NotificationKind; mail: boolean }) => Promise<NotificationPreference[]>) {
  const savePreference = vi.fn(async ({ input }: { input: { kind: NotificationKind; mail: boolean } }): Promise<PreferencesAnswer> => ({
    success: true,
    data: await save(input),
  }))
  const machine = notificationSettingsMachine.provide({
    actors: {
      fetchPreferences: fromPromise(async (): Promise<PreferencesAnswer> => ({ success: true, data: preferences })),
      savePreference: fromPromise(savePreference),
    },
  })
  return { actor: createActor(machine).start(), savePreference }
}

describe("notification settings (issue 23)", () => {
  it("saves a switch at once and says so", async () => {
    const { actor, savePreference } = start(async (input) => preferences.map((p) => (p.kind === input.kind ? { ...p, mail: input.mail } : p)))
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "mail.set", kind: "vendor.statusChanged", mail: false })
    expect(actor.getSnapshot().context.preferences[0]!.mail).toBe(false)
    await waitFor(actor, (s) => s.matches("ready") && s.context.notice !== null)
    expect(actor.getSnapshot().context.notice).toBe("Notification settings saved.")
    expect(savePreference).toHaveBeenCalledWith(expect.objectContaining({ input: { kind: "vendor.statusChanged", mail: false } }))
  })

  it("never sends a switch for an email that is always sent, nor one that does not change", async () => {
    const { actor, savePreference } = start(async () => preferences)
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "mail.set", kind: "password.changed", mail: false })
    actor.send({ type: "mail.set", kind: "vendor.statusChanged", mail: true })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    expect(savePreference).not.toHaveBeenCalled()
  })

  it("puts a refused switch back and shows the server's words", async () => {
    const { actor } = start(async () => {
      throw new ApiError("http", 400, "Bad Request", "preferences: Vendor status changed emails are always sent")
    })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "mail.set", kind: "vendor.statusChanged", mail: false })
    await waitFor(actor, (s) => s.matches("ready") && s.context.error !== null)
    expect(actor.getSnapshot().context.preferences[0]!.mail).toBe(true)
    expect(actor.getSnapshot().context.error).toBe("preferences: Vendor status changed emails are always sent")
  })
})
