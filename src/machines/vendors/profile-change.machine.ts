import { assign, setup } from "xstate"
import { messageOf } from "../../api/api-error.ts"
import * as changeApi from "../../api/vendors/profile-change.api.ts"
import * as calls from "../../api/contract/vendors/profile-change.endpoints.ts"
import type { ProfileChange, ProfileChangeDecisionAnswer } from "../../api/contract/vendors/profile-change.ts"
import { fromCall } from "../call-actor.ts"
import type { Message } from "../account/login.machine.ts"

export const CHANGE_LOAD_FAILED = "The changes under review could not be loaded."
export const APPROVE_FAILED = "The changes could not be approved."
export const WITHDRAW_FAILED = "Your changes could not be withdrawn."

export interface ProfileChangeInput {
  /** The vendor whose change an Admin reviews; null for the signed-in vendor's own. */
  vendorId: string | null
}

export interface ProfileChangeContext {
  vendorId: string | null
  change: ProfileChange | null
  /** The certification image the pending change brings, when it brings one. */
  image: Blob | null
  message: Message | null
}

export type ProfileChangeEvent =
  { type: "change.reload" } | { type: "change.approve" } | { type: "change.withdraw" } | { type: "confirm.yes" } | { type: "confirm.no" }

const isPendingChange = (change: ProfileChange | null) => change?.status === "pending"

async function loadChange({ vendorId }: { vendorId: string | null }) {
  const change = (vendorId ? await changeApi.fetchVendorProfileChange(vendorId) : await changeApi.fetchOwnProfileChange()).data
  const bringsImage = isPendingChange(change) && change!.lines.some((line) => line.field === "certificationImg")
  const image = bringsImage ? await changeApi.fetchProposedCertificationImage(change!.vendorId).catch(() => null) : null
  return { change, image }
}

const done = (text: string): Message => ({ text, tone: "success" })

/**
 * A vendor's profile change under review (issue 26), on the vendor's Profile and on the Admin's Vendor Details:
 * loaded with the new certification image it brings; an Admin approves it (asked first), the vendor may withdraw
 * it (asked first). Rejecting takes a reason, in its own form (reject-profile-change). A refusal (another Admin
 * decided meanwhile) is said and the change is loaded again.
 */
export const profileChangeMachine = setup({
  types: { context: {} as ProfileChangeContext, events: {} as ProfileChangeEvent, input: {} as ProfileChangeInput },
  actors: {
    loadChange: fromCall<{ change: ProfileChange | null; image: Blob | null }, { vendorId: string | null }>(
      [calls.vendorProfileChange, calls.ownProfileChange, calls.proposedCertificationImage],
      ({ input }) => loadChange(input),
    ),
    approve: fromCall<ProfileChangeDecisionAnswer, { vendorId: string }>(calls.approveProfileChange, ({ input }) =>
      changeApi.approveProfileChange(input.vendorId),
    ),
    withdraw: fromCall<ProfileChangeDecisionAnswer>(calls.withdrawProfileChange, () => changeApi.withdrawProfileChange()),
  },
  actions: {
    /** Provided by the view: a decision changed the vendor's profile (reload it). */
    decided: () => {},
  },
  guards: {
    isPending: ({ context }) => isPendingChange(context.change),
    isAdminView: ({ context }) => context.vendorId !== null && isPendingChange(context.change),
    isOwnView: ({ context }) => context.vendorId === null && isPendingChange(context.change),
  },
}).createMachine({
  id: "profileChange",
  context: ({ input }) => ({ vendorId: input.vendorId, change: null, image: null, message: null }),
  initial: "loading",
  on: { "change.reload": ".loading" },
  states: {
    loading: {
      description: "The change waiting for review (or the vendor's last decided one) is fetched, with the new certification image it brings.",
      tags: ["busy"],
      invoke: {
        src: "loadChange",
        input: ({ context }) => ({ vendorId: context.vendorId }),
        onDone: { target: "shown", actions: assign(({ event }) => ({ change: event.output.change, image: event.output.image })) },
        onError: { target: "failed", actions: assign({ message: { text: CHANGE_LOAD_FAILED, tone: "error" } }) },
      },
    },
    failed: { description: "The change could not be loaded: said in red, with Try again." },
    shown: {
      description: "Each field asked for, beside its approved value; or nothing when no change waits.",
      initial: "idle",
      states: {
        idle: {
          on: {
            "change.approve": { guard: "isAdminView", target: "confirmingApprove", actions: assign({ message: null }) },
            "change.withdraw": { guard: "isOwnView", target: "confirmingWithdraw", actions: assign({ message: null }) },
          },
        },
        confirmingApprove: {
          description: "'Approve these changes? They replace the approved values at once.'",
          on: { "confirm.yes": "approving", "confirm.no": "idle" },
        },
        approving: {
          tags: ["busy"],
          invoke: {
            src: "approve",
            input: ({ context }) => ({ vendorId: context.vendorId ?? "" }),
            onDone: { target: "#profileChange.loading", actions: [assign(({ event }) => ({ message: done(event.output.message) })), "decided"] },
            onError: {
              target: "#profileChange.loading",
              actions: assign(({ event }) => ({ message: { text: messageOf(event.error, APPROVE_FAILED), tone: "error" } })),
            },
          },
        },
        confirmingWithdraw: {
          description: "'Withdraw your changes under review? Your approved details stay as they are.'",
          on: { "confirm.yes": "withdrawing", "confirm.no": "idle" },
        },
        withdrawing: {
          tags: ["busy"],
          invoke: {
            src: "withdraw",
            onDone: { target: "#profileChange.loading", actions: assign(({ event }) => ({ message: done(event.output.message) })) },
            onError: {
              target: "#profileChange.loading",
              actions: assign(({ event }) => ({ message: { text: messageOf(event.error, WITHDRAW_FAILED), tone: "error" } })),
            },
          },
        },
      },
    },
  },
})

export const APPROVE_QUESTION = "Approve these changes? They replace the approved values at once, and the vendor is told."
export const WITHDRAW_QUESTION = "Withdraw your changes under review? Your approved details stay as they are."
