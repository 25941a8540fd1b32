import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import * as userCalls from "../../api/contract/counselling/counselling-users.endpoints.ts"
import { messageOf } from "../../api/api-error.ts"
import { assignableRoles, type AssignablePerson, type AssignableRole, type AssignableRoleTotal } from "../../api/contract/counselling/counselling-user.ts"
import * as usersApi from "../../api/counselling/counselling-users.api.ts"
import { assignEach, type AssignOutcome } from "./assign-each.ts"
import { SEARCH_DEBOUNCE_MS } from "../search/header-search.machine.ts"
import type { Message } from "../account/login.machine.ts"
import { toggled, withPage } from "../selection.ts"

export const SELECT_COUNSELLOR = "Please select a counsellor to assign."
export const COUNSELLOR_ASSIGNED = "Counsellor assigned successfully."
export const PEOPLE_FAILED = "Failed to fetch active user data."
/** The form is for choosing a counsellor: their group is the one open at first. */
export const FIRST_OPEN_ROLES: AssignableRole[] = ["Counsellor"]

export interface AssignCounsellorContext {
  selected: string[]
  /** The people listed: a few per role (the server's limit), newest first. */
  people: AssignablePerson[]
  totals: AssignableRoleTotal[]
  /** What the search box holds. */
  search: string
  /** The (trimmed) search the listed people answer. */
  listed: string
  chosen: AssignablePerson | null
  openRoles: AssignableRole[]
  message: Message | null
}

export type AssignCounsellorEvent =
  | { type: "selection.toggle"; userId: string }
  | { type: "selection.setAll"; userIds: string[]; selected: boolean }
  | { type: "form.open" }
  | { type: "search.change"; value: string }
  | { type: "search.retry" }
  | { type: "groups.change"; roles: string[] }
  | { type: "counsellor.choose"; counsellorId: string }
  | { type: "form.submit" }
  | { type: "form.cancel" }

const isRole = (role: string): role is AssignableRole => (assignableRoles as readonly string[]).includes(role)

/**
 * Unassign Users: select users (one by one or the whole page), then 'Assign To' opens a form with
 * the assignable people grouped by role, a few per role (a million people cannot all be listed),
 * and a search box that asks the server again once typing pauses. Exactly one person must be
 * chosen ('Please select a counsellor to assign.'); Submit sends one update per selected user.
 */
export const assignCounsellorMachine = setup({
  types: { context: {} as AssignCounsellorContext, events: {} as AssignCounsellorEvent },
  actors: {
    loadPeople: fromCall<usersApi.AssignablePeoplePage, { search: string }>(userCalls.fetchAssignablePeople, ({ input }) =>
      usersApi.fetchAssignablePeople(input.search),
    ),
    assignEach: fromCall<AssignOutcome, { userIds: string[]; counsellorId: string }>(userCalls.assignOrUpdateCounsellor, ({ input }) => assignEach(input)),
  },
  actions: {
    /** Provided by the view: reload the Unassign Users list. */
    assigned: () => {},
    /** Provided by the view: show a toast. */
    notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
    setSearch: assign({ search: ({ context, event }) => (event.type === "search.change" ? event.value : context.search) }),
    // The box cannot change during a fetch without leaving it, so the answer is for the box's text.
    showPeople: assign(({ context }, page: usersApi.AssignablePeoplePage) => {
      const listed = context.search.trim()
      // A search opens the groups it found people in, so the matches are in view.
      const found = assignableRoles.filter((role) => page.people.some((p) => p.role === role))
      return { people: page.people, totals: page.totals, listed, openRoles: listed !== "" && found.length > 0 ? found : context.openRoles }
    }),
    openForm: assign({ message: null, chosen: null, search: "", listed: "", openRoles: FIRST_OPEN_ROLES }),
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
    hasChosen: ({ context }) => context.chosen !== null,
    isListedSearch: ({ context, event }) => event.type === "search.change" && event.value.trim() === context.listed,
    isListedPerson: ({ context, event }) => event.type === "counsellor.choose" && context.people.some((p) => p._id === event.counsellorId),
    isSearchStale: ({ context }) => context.search.trim() !== context.listed,
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: "assignCounsellor",
  context: { selected: [], people: [], totals: [], search: "", listed: "", chosen: null, openRoles: FIRST_OPEN_ROLES, message: null },
  initial: "selecting",
  states: {
    selecting: {
      description: "Rows are ticked one by one or all at once; 'Assign To' shows once a user is selected.",
      on: {
        "selection.toggle": { actions: assign({ selected: ({ context, event }) => toggled(context.selected, event.userId, (id) => id) }) },
        "selection.setAll": { actions: assign({ selected: ({ context, event }) => withPage(context.selected, event.userIds, event.selected, (id) => id) }) },
        "form.open": { guard: "hasSelection", target: "loadingPeople", actions: "openForm" },
      },
    },
    loadingPeople: {
      description: "The newest people of each assignable role and each role's total are fetched for the form.",
      tags: ["busy"],
      invoke: {
        src: "loadPeople",
        input: { search: "" },
        onDone: { target: "choosing", actions: { type: "showPeople", params: ({ event }) => event.output } },
        onError: { target: "selecting", actions: assign({ message: { text: PEOPLE_FAILED, tone: "error" } }) },
      },
    },
    choosing: {
      description:
        "The 'Assign To' form: a search box, an accordion of people grouped by role with radio selection ('N more — refine the search' under a role with more), Submit and Cancel.",
      initial: "settling",
      on: {
        "search.change": [
          { guard: "isListedSearch", target: ".ready", actions: "setSearch" },
          { target: ".debouncing", actions: "setSearch" },
        ],
        "groups.change": { actions: assign({ openRoles: ({ event }) => event.roles.filter(isRole) }) },
        "counsellor.choose": {
          guard: "isListedPerson",
          actions: assign({ chosen: ({ context, event }) => context.people.find((p) => p._id === event.counsellorId) ?? null, message: null }),
        },
        "form.submit": [
          { guard: "hasChosen", target: "assigning", actions: assign({ message: null }) },
          { actions: assign({ message: { text: SELECT_COUNSELLOR, tone: "error" } }) },
        ],
        "form.cancel": { target: "selecting", actions: assign({ chosen: null, message: null }) },
      },
      states: {
        settling: {
          description: "On (re)opening: the box's search is listed already, or is fetched (typed just before an assignment that failed).",
          always: [{ guard: "isSearchStale", target: "searching" }, { target: "ready" }],
        },
        ready: { description: "The listed people answer the box's search." },
        debouncing: {
          description: "Waiting for typing to pause before asking the server.",
          tags: ["searching"],
          after: { searchDebounce: "searching" },
        },
        searching: {
          description: "The people matching the search are fetched; the list shows it is searching.",
          tags: ["searching"],
          invoke: {
            src: "loadPeople",
            input: ({ context }) => ({ search: context.search.trim() }),
            onDone: { target: "ready", actions: { type: "showPeople", params: ({ event }) => event.output } },
            onError: "failed",
          },
        },
        failed: {
          description: "'Failed to fetch active user data.' with Retry; the last people listed stay.",
          on: { "search.retry": "searching" },
        },
      },
    },
    assigning: {
      description: "One update per selected user; Submit shows it is busy.",
      tags: ["busy"],
      invoke: {
        src: "assignEach",
        input: ({ context }) => ({ userIds: context.selected, counsellorId: context.chosen?._id ?? "" }),
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
              assign({ selected: [], chosen: null, message: null }),
              "assigned",
              { type: "notify", params: { text: COUNSELLOR_ASSIGNED, tone: "success" } },
            ],
          },
        ],
        onError: {
          target: "choosing",
          actions: assign({
            message: ({ event }) => ({ text: `Failed to assign counsellor: ${messageOf(event.error, "Something went wrong.")}`, tone: "error" }),
          }),
        },
      },
    },
  },
})
