import { and, assign, setup } from "xstate"
import * as vendorCalls from "../../api/contract/vendors/vendors.endpoints.ts"
import { fetchCounsellorSessions } from "../../api/contract/counselling/counselling-sessions.endpoints.ts"
import { fromCall } from "../call-actor.ts"
import { isApiError, messageOf } from "../../api/api-error.ts"
import { isVendorRole, type VendorStatus } from "../../api/contract/common.ts"
import type { Person } from "../../api/contract/account/user.ts"
import type { StatusChange } from "../../api/contract/vendors/vendor.ts"
import * as vendorsApi from "../../api/vendors/vendors.api.ts"
import { needsConfirmation, nextStatuses } from "./vendor-status.machine.ts"
import * as sessionsApi from "../../api/counselling/counselling-sessions.api.ts"

export const VENDOR_NOT_FOUND = "No vendor details found."
export const VENDOR_FETCH_FAILED = "Failed to fetch vendor details."
export const SESSIONS_FAILED = "Something went wrong while fetching sessions."
export const HISTORY_FAILED = "Failed to fetch status history."

/**
 * A row of the Sessions tab: the vendor's sessions as their counsellor (the counsellor-sessions
 * call), reduced to what the tab shows.
 */
export interface VendorSession {
  _id: string
  name: string
  email: string
  topic: string | null
  dateTime: string
  status: string
}

export interface VendorDetailsContext {
  userId: string
  vendor: Person | null
  /** The Proof of Certification as a data URL, or null when there is none. */
  certificate: string | null
  error: string | null
  /** 'Error updating status: {reason}' after a failed change. */
  statusError: string | null
  /** The status chosen in the menu, while it is confirmed and sent. */
  chosenStatus: VendorStatus | null
  sessions: VendorSession[]
  sessionsError: string | null
  history: StatusChange[]
  historyError: string | null
}

export interface LoadedVendor {
  vendor: Person | null
  certificate: string | null
}

export type VendorDetailsEvent =
  | { type: "menu.open" }
  | { type: "menu.close" }
  | { type: "status.select"; status: VendorStatus }
  | { type: "status.confirm" }
  | { type: "status.cancel" }
  | { type: "tab.select"; tab: VendorTab }
  | { type: "vendor.reload" }

export type VendorTab = "details" | "sessions" | "history"

/** A tab.select that names one of the other tabs moves there. */
const toTab = (...tabs: VendorTab[]) =>
  tabs.map((tab) => ({ guard: ({ event }: { event: VendorDetailsEvent }) => event.type === "tab.select" && event.tab === tab, target: tab }))

/** The statuses the menu offers: the three other than the current one, none once Approve (the machine's rule). */
export const menuStatuses = (vendor: Person | null): VendorStatus[] => (vendor && isVendorRole(vendor.role) ? nextStatuses(vendor.status) : [])

export const vendorDetailsMachine = setup({
  types: { context: {} as VendorDetailsContext, events: {} as VendorDetailsEvent, input: {} as { userId: string } },
  actors: {
    fetchVendor: fromCall<LoadedVendor, { userId: string }>(vendorCalls.vendorDetails, async ({ input }) => {
      const vendor = (await vendorsApi.fetchVendorDetails(input.userId)).data[0] ?? null
      if (!vendor?.DocumentDetails?.certificationImg) return { vendor, certificate: null }
      // A certificate that cannot be read is shown as missing, not as a failed page.
      const certificate = await vendorsApi.fetchCertificate(input.userId).then(
        (a) => a.data.dataUrl,
        () => null,
      )
      return { vendor, certificate }
    }),
    fetchStatusHistory: fromCall<StatusChange[], { userId: string }>(vendorCalls.statusHistory, async ({ input }) => [
      ...(await vendorsApi.fetchStatusHistory(input.userId)).data,
    ]),
    /** The Sessions tab: the sessions the vendor holds as counsellor. */
    fetchVendorSessions: fromCall<VendorSession[], { userId: string }>(fetchCounsellorSessions, async ({ input }) =>
      (await sessionsApi.fetchVendorSessions(input.userId)).map((s) => ({
        _id: s._id,
        name: s.name,
        email: s.email,
        topic: s.topic,
        dateTime: s.dateTime,
        status: s.status,
      })),
    ),
    updateStatus: fromCall<{ message: string }, { userId: string; status: VendorStatus; organizationId: string | null }>(
      vendorCalls.updateUserStatus,
      ({ input }) => vendorsApi.updateUserStatus(input.userId, input.status, input.organizationId),
    ),
  },
  actions: {
    /** Provided by the view: a toast. */
    notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
    choose: assign({ chosenStatus: ({ event }) => (event.type === "status.select" ? event.status : null) }),
  },
  guards: {
    hasMenu: ({ context }) => menuStatuses(context.vendor).length > 0,
    isCurrentStatus: ({ context, event }) => event.type === "status.select" && event.status === context.vendor?.status,
    isOffered: ({ context, event }) => event.type === "status.select" && menuStatuses(context.vendor).includes(event.status),
    asksFirst: ({ event }) => event.type === "status.select" && needsConfirmation(event.status),
  },
}).createMachine({
  id: "vendorDetails",
  context: ({ input }) => ({
    userId: input.userId,
    vendor: null,
    certificate: null,
    error: null,
    statusError: null,
    chosenStatus: null,
    sessions: [],
    sessionsError: null,
    history: [],
    historyError: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "A loading screen shows while the vendor is fetched.",
      tags: ["busy"],
      invoke: {
        src: "fetchVendor",
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          { guard: ({ event }) => event.output.vendor === null, target: "notFound", actions: assign({ vendor: null }) },
          {
            target: "ready",
            actions: assign({ vendor: ({ event }) => event.output.vendor, certificate: ({ event }) => event.output.certificate, error: null }),
          },
        ],
        onError: [
          { guard: ({ event }) => isApiError(event.error) && event.error.status === 404, target: "notFound", actions: assign({ vendor: null }) },
          { target: "failed", actions: assign({ error: VENDOR_FETCH_FAILED }) },
        ],
      },
    },
    notFound: { description: "'No vendor details found.'" },
    failed: {
      description: "'Failed to fetch vendor details.' in red; reload tries again.",
      on: { "vendor.reload": { target: "loading" } },
    },
    ready: {
      description: "The status badge, the Details and Sessions tabs, and the History section.",
      type: "parallel",
      // An approved profile change (issue 26) changes what the page shows: the vendor is fetched again.
      on: { "vendor.reload": { target: "loading" } },
      states: {
        menu: {
          description: "The status menu: the three other statuses; it does not open once the status is Approve.",
          initial: "closed",
          states: {
            closed: { description: "The menu is closed.", on: { "menu.open": { guard: "hasMenu", target: "open", actions: assign({ statusError: null }) } } },
            open: {
              description: "The menu shows the statuses the vendor may move to.",
              on: {
                "menu.close": { target: "closed" },
                "status.select": [
                  { guard: "isCurrentStatus", target: "closed" },
                  { guard: and(["isOffered", "asksFirst"]), target: "confirming", actions: "choose" },
                  { guard: "isOffered", target: "updating", actions: "choose" },
                ],
              },
            },
            confirming: {
              description: "Approve (final) and Reject ask first, naming the vendor; Cancel sends nothing.",
              on: {
                "status.confirm": { target: "updating" },
                "status.cancel": { target: "closed", actions: assign({ chosenStatus: null }) },
              },
            },
            updating: {
              description: "The change is sent; the menu trigger is busy. Success reloads the vendor and its history.",
              tags: ["updating"],
              invoke: {
                src: "updateStatus",
                input: ({ context }) => ({
                  userId: context.userId,
                  status: context.chosenStatus!,
                  organizationId: context.vendor?.organizationId ?? null,
                }),
                onDone: {
                  target: "#vendorDetails.loading",
                  actions: { type: "notify", params: ({ event }) => ({ text: event.output.message, tone: "success" as const }) },
                },
                onError: {
                  target: "closed",
                  actions: assign({ statusError: ({ event }) => `Error updating status: ${messageOf(event.error, "Failed to update user status.")}` }),
                },
              },
            },
          },
        },
        tab: {
          description: "Which tab shows: Details, Sessions or History.",
          initial: "details",
          states: {
            details: {
              description: "About, Additional and Account Details cards, Brief Bio, Service Description, Proof of Certification.",
              on: { "tab.select": toTab("sessions", "history") },
            },
            sessions: {
              description: "The vendor's sessions, or 'No sessions found.'.",
              on: { "tab.select": toTab("details", "history") },
            },
            history: {
              description: "The vendor's events in words, newest first (issue 25), read when the tab opens.",
              on: { "tab.select": toTab("details", "sessions") },
            },
          },
        },
        sessions: {
          description: "The vendor's sessions, fetched with the page.",
          initial: "loading",
          states: {
            loading: {
              description: "Sessions are fetched.",
              invoke: {
                src: "fetchVendorSessions",
                input: ({ context }) => ({ userId: context.userId }),
                onDone: { target: "loaded", actions: assign({ sessions: ({ event }) => event.output, sessionsError: null }) },
                onError: { target: "failed", actions: assign({ sessions: [], sessionsError: SESSIONS_FAILED }) },
              },
            },
            loaded: { description: "Sessions are listed, or 'No sessions found.' when there are none." },
            failed: { description: "'Something went wrong while fetching sessions.'" },
          },
        },
        history: {
          description: "Every status change (who, when, from, to) from the event log.",
          initial: "loading",
          states: {
            loading: {
              description: "The history is fetched.",
              invoke: {
                src: "fetchStatusHistory",
                input: ({ context }) => ({ userId: context.userId }),
                onDone: { target: "loaded", actions: assign({ history: ({ event }) => event.output, historyError: null }) },
                onError: { target: "failed", actions: assign({ history: [], historyError: HISTORY_FAILED }) },
              },
            },
            loaded: { description: "The changes are listed, oldest first." },
            failed: { description: "The history could not be fetched." },
          },
        },
      },
    },
  },
})
