import { setup } from "xstate"

/**
 * A person's account and its password (spec section 4: login, reset, Update password; issue 21's
 * sessions): an invited account (an editor added by an Admin, a client given access, a vendor who
 * signed up) has no password until its owner sets one with the mailed link; a signed-in owner changes
 * it with the current one; an Admin deletes an editor's account. Every password change ends the
 * account's other sessions. A rejected vendor's sign-in is refused by the vendor approval workflow.
 */
export type AccountStep =
  | { type: "account.setPasswordByLink"; linkValid: boolean }
  | { type: "account.changePassword"; currentPasswordCorrect: boolean }
  | { type: "account.signOutOtherDevices" }
  | { type: "account.delete" }

export const accountMachine = setup({
  types: { events: {} as AccountStep },
  guards: {
    linkIsValid: ({ event }) => event.type === "account.setPasswordByLink" && event.linkValid,
    currentPasswordIsCorrect: ({ event }) => event.type === "account.changePassword" && event.currentPasswordCorrect,
  },
}).createMachine({
  id: "account",
  initial: "invited",
  states: {
    invited: {
      description: "Created without a password: its owner cannot sign in until they set one with the mailed link (valid 1 hour, once).",
      on: { "account.setPasswordByLink": { guard: "linkIsValid", target: "active" }, "account.delete": { target: "deleted" } },
    },
    active: {
      description: "Has a password and may sign in; a new password (by link, or with the current one) signs every other device out.",
      on: {
        "account.setPasswordByLink": { guard: "linkIsValid", target: "active", reenter: true },
        "account.changePassword": { guard: "currentPasswordIsCorrect", target: "active", reenter: true },
        "account.signOutOtherDevices": {},
        "account.delete": { target: "deleted" },
      },
    },
    deleted: { description: "An editor's account removed by an Admin; its tokens no longer work.", type: "final" },
  },
})
