import { setup } from "xstate"

/**
 * A client's counsellor (spec section 4, Unassign Users and Assign To): the Admin assigns an approved
 * person of an assignable role, never the client themself, and may change the counsellor later; both
 * are told, except when the counsellor chosen is the one already assigned (nothing changes).
 */
export type AssignmentStep = { type: "assignment.assign"; counsellorApproved: boolean; counsellorAssignable: boolean; isClientThemself: boolean }

export const assignmentMachine = setup({
  types: { events: {} as AssignmentStep },
  guards: {
    isEligibleCounsellor: ({ event }) => event.counsellorApproved && event.counsellorAssignable && !event.isClientThemself,
  },
}).createMachine({
  id: "assignment",
  initial: "unassigned",
  states: {
    unassigned: {
      description: "A client (role User) without a counsellor: listed under Unassign Users.",
      on: { "assignment.assign": { guard: "isEligibleCounsellor", target: "assigned" } },
    },
    assigned: {
      description: "The client has a counsellor: listed under Counselling Users; the Admin may assign another.",
      on: { "assignment.assign": { guard: "isEligibleCounsellor", target: "assigned", reenter: true } },
    },
  },
})

export const assignmentAllows = (assigned: boolean, step: AssignmentStep): boolean =>
  assignmentMachine.resolveState({ value: assigned ? "assigned" : "unassigned", context: undefined }).can(step)
