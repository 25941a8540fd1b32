import { setup } from "xstate"

/**
 * A counselling enquiry's access (spec section 4, Counselling Enquiry: 'Send access'): the Admin gives
 * the enquiry's client an account and a set-password link. Sending again is allowed (the same account
 * gets a new link); an email that belongs to a vendor, editor or admin is refused with 409.
 */
export type EnquiryAccessStep = { type: "enquiry.sendAccess"; emailRole: string | null }

export const enquiryAccessMachine = setup({
  types: { events: {} as EnquiryAccessStep },
  guards: {
    /** No account with this email yet, or a client's (User) account to reuse. */
    emailIsFreeOrAClients: ({ event }) => event.emailRole === null || event.emailRole === "User",
  },
}).createMachine({
  id: "enquiryAccess",
  initial: "awaitingAccess",
  states: {
    awaitingAccess: {
      description: "A client's enquiry from the site, without an account yet (isAccessSend false).",
      on: { "enquiry.sendAccess": { guard: "emailIsFreeOrAClients", target: "accessSent" } },
    },
    accessSent: {
      description: "The client has an account (role User) and was mailed a set-password link; the Admin may send it again.",
      on: { "enquiry.sendAccess": { guard: "emailIsFreeOrAClients", target: "accessSent", reenter: true } },
    },
  },
})

export const enquiryAccessAllows = (accessSent: boolean, step: EnquiryAccessStep): boolean =>
  enquiryAccessMachine.resolveState({ value: accessSent ? "accessSent" : "awaitingAccess", context: undefined }).can(step)

/** The diagram's id of an enquiry's state, for the History tab's link to its workflow. */
export const enquiryAccessStateId = (accessSent: boolean): string => `enquiryAccess.${accessSent ? "accessSent" : "awaitingAccess"}`
