import { assign, fromPromise, setup } from "xstate"
import { messageOf } from "../api/api-error.ts"
import type { AssignablePerson } from "../api/contract/counselling-user.ts"
import * as usersApi from "../api/counselling-users.api.ts"
import type { Message } from "./login.machine.ts"

export const SELECT_COUNSELLOR = "Please select a counsellor to assign."
export const COUNSELLOR_ASSIGNED = "Counsellor assigned successfully."

export interface AssignOutcome {
  assigned: string[]
  failures: Array<{ userId: string; message: string }>
}

export interface AssignCounsellorContext {
  selected: string[]
  people: AssignablePerson[]
  counsellorId: string | null
  message: Message | null
}

export type AssignCounsellorEvent =
  | { type: "selection.toggle"; userId: string }
  | { type: "selection.setAll"; userIds: string[]; selected: boolean }
  | { type: "form.open" }
  | { type: "counsellor.choose"; counsellorId: string }
  | { type: "form.submit" }
  | { type: "form.cancel" }

/** One update per selected user (spec section 7); every outcome is kept so a partial failure is told. */
export async function assignEach(input: { userIds: string[]; counsellorId: string }): Promise<AssignOutcome> {
  const results = await Promise.allSettled(input.userIds.map((userId) => usersApi.assignCounsellor(userId, input.counsellorId)))
  const outcome: AssignOutcome = { assigned: [], failures: [] }
  results.forEach((result, i) => {
    const userId = input.userIds[i]!
    if (result.status === "fulfilled") outcome.assigned.push(userId)
    else outcome.failures.push({ userId, message: messageOf(result.reason, "Something went wrong.") })
  })
  return outcome
}

/**
 * Unassign Users: select users (one by one or the whole page), then 'Assign To' opens a form with
 * the assignable people grouped by role; exactly one must be chosen ('Please select a counsellor
 * to assign.'); Submit sends one update per selected user. Assigned users leave the list.
 */
export const assignCounsellorMachine = setup({
  types: { context: {} as AssignCounsellorContext, events: {} as AssignCounsellorEvent },
  actors: {
    loadPeople: fromPromise<AssignablePerson[]>(() => usersApi.fetchAssignablePeople()),
    assignEach: fromPromise<AssignOutcome, { userIds: string[]; counsellorId: string }>(({ input }) => assignEach(input)),
  },
  actions: {
    /** Provided by the view: reload the Unassign Users list. */
    assigned: () => {},
    /** Provided by the view: show a toast. */
    notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
    hasCounsellor: ({ context }) => context.counsellorId !== null,
  },
}).createMachine({
  id: "assignCounsellor",
  context: { selected: [], people: [], counsellorId: null, message: null },
  initial: "selecting",
  states: {
    selecting: {
      description: "Rows are ticked one by one or all at once; 'Assign To' shows once a user is selected.",
      on: {
        "selection.toggle": {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.userId) ? context.selected.filter((id) => id !== event.userId) : [...context.selected, event.userId],
          }),
        },
        "selection.setAll": {
          actions: assign({
            selected: ({ context, event }) =>
              event.selected ? [...new Set([...context.selected, ...event.userIds])] : context.selected.filter((id) => !event.userIds.includes(id)),
          }),
        },
        "form.open": { guard: "hasSelection", target: "loadingPeople", actions: assign({ message: null, counsellorId: null }) },
      },
    },
    loadingPeople: {
      description: "The assignable people are fetched for the form.",
      tags: ["busy"],
      invoke: {
        src: "loadPeople",
        onDone: { target: "choosing", actions: assign({ people: ({ event }) => event.output }) },
        onError: { target: "selecting", actions: assign({ message: { text: "Failed to fetch active user data.", tone: "error" } }) },
      },
    },
    choosing: {
      description: "The 'Assign To' form: an accordion of people grouped by role with radio selection, Submit and Cancel.",
      on: {
        "counsellor.choose": { actions: assign({ counsellorId: ({ event }) => event.counsellorId, message: null }) },
        "form.submit": [
          { guard: "hasCounsellor", target: "assigning", actions: assign({ message: null }) },
          { actions: assign({ message: { text: SELECT_COUNSELLOR, tone: "error" } }) },
        ],
        "form.cancel": { target: "selecting", actions: assign({ counsellorId: null, message: null }) },
      },
    },
    assigning: {
      description: "One update per selected user; Submit shows it is busy.",
      tags: ["busy"],
      invoke: {
        src: "assignEach",
        input: ({ context }) => ({ userIds: context.selected, counsellorId: context.counsellorId ?? "" }),
        onDone: [
          {
            guard: ({ event }) => event.output.failures.length > 0,
            target: "choosing",
            actions: [
              assign({
                selected: ({ event }) => event.output.failures.map((f) => f.userId),
                message: ({ event }) => ({ text: `Failed to assign counsellor: ${event.output.failures[0]!.message}`, tone: "error" }),
              }),
              "assigned",
            ],
          },
          {
            target: "selecting",
            actions: [
              assign({ selected: [], counsellorId: null, message: null }),
              "assigned",
              { type: "notify", params: { text: COUNSELLOR_ASSIGNED, tone: "success" } },
            ],
          },
        ],
        onError: {
          target: "choosing",
          actions: assign({ message: ({ event }) => ({ text: `Failed to assign counsellor: ${messageOf(event.error, "Something went wrong.")}`, tone: "error" }) }),
        },
      },
    },
  },
})
