import * as enquiryCalls from "../../api/contract/counselling/counselling-enquiry.endpoints.ts"
import * as sessionCalls from "../../api/contract/counselling/counselling-sessions.endpoints.ts"
import * as userCalls from "../../api/contract/counselling/counselling-users.endpoints.ts"
import type { MachineEntry } from "../machine-entry.ts"
import { assignCounsellorMachine } from "./assign-counsellor.machine.ts"
import { assignmentMachine } from "./assignment.machine.ts"
import { counsellorPickerMachine } from "./counsellor-picker.machine.ts"
import { deleteSessionMachine, sendAccessMachine } from "./counselling-actions.machine.ts"
import { counsellingDetailsMachine } from "./counselling-details.machine.ts"
import { enquiryListMachine } from "./counselling-lists.machine.ts"
import { counsellingSessionMachine } from "./counselling-session.machine.ts"
import { createSessionMachine } from "./create-session.machine.ts"
import { editSessionMachine } from "./edit-session.machine.ts"
import { enquiryAccessMachine } from "./enquiry-access.machine.ts"
import { freeSlotsMachine } from "./free-slots.machine.ts"
import { sessionCalendarMachine } from "./session-calendar.machine.ts"
import { sessionCountsMachine } from "./session-counts.machine.ts"
import { cancelFormMachine, completeSessionMachine, noShowSessionMachine, rescheduleFormMachine, sessionHistoryMachine } from "./session-steps.machine.ts"

/** Counselling's machines (enquiries, assignment, sessions and their steps) as the diagrams show them; the registry takes them as they are. */
export const counsellingEntries: MachineEntry[] = [
  {
    id: "free-slots",
    title: "Free times",
    summary:
      "The counsellor's free slots on the session form's date: their marked hours in their own zone, not past, not taken by a session of theirs or of the client; a slot fills the form's time.",
    machine: freeSlotsMachine,
  },
  {
    id: "counselling-session",
    workflow: true,
    title: "Counselling session",
    summary:
      "A session's life: scheduled (or rescheduled) until its start, in progress until its end, then completed or a no-show; cancelled before its start. Moves and cancellations inside the notice window are an Admin's (a late cancellation is allowed and marked). The server asks the same machine and refuses any other step (403 wrong person, 409 wrong moment).",
    machine: counsellingSessionMachine,
    firedBy: {
      "session.edit": sessionCalls.updateSession,
      "session.delete": sessionCalls.deleteSession,
      "session.reschedule": sessionCalls.rescheduleSession,
      "session.requestReschedule": sessionCalls.requestSessionReschedule,
      "session.cancel": sessionCalls.cancelSession,
      "session.markNoShow": sessionCalls.markSessionNoShow,
      "session.complete": sessionCalls.completeSession,
    },
  },
  {
    id: "create-session",
    title: "Create Session",
    summary: "Date, Time, Topic, Agenda, Duration and Note; 'Session created successfully!', the form clears, the modal closes 1 s later.",
    machine: createSessionMachine,
    delayLabels: { successShown: "1 s" },
  },
  {
    id: "edit-session",
    title: "Edit Session",
    summary: "Only upcoming sessions with a meeting key; 'Session updated successfully!' and the modal closes 1 s later.",
    machine: editSessionMachine,
    delayLabels: { successShown: "1 s" },
  },
  {
    id: "session-calendar",
    title: "Sessions' calendar",
    summary:
      "All Sessions and Upcoming Session as a week or a month of the viewer's zone: each range read from the API, moved with Previous, Today and Next; sessions coloured by their state.",
    machine: sessionCalendarMachine,
    // The range is read with the call of the calendar's scope: every session for the Admin, one's own otherwise.
    firedBy: {
      "fetchRange done": "the server's answer to the sessions call of the calendar's scope",
      "fetchRange error": "the server's answer to the sessions call of the calendar's scope",
    },
  },
  {
    id: "reschedule-session",
    file: "session-steps",
    title: "Reschedule / Ask for a new time",
    summary:
      "New date and time (the viewer's zone, not in the past) and a reason; an Admin or the counsellor moves the session, the client asks for it. The message shows and the modal closes 1 s later.",
    machine: rescheduleFormMachine,
    delayLabels: { successShown: "1 s" },
  },
  {
    id: "cancel-session",
    file: "session-steps",
    title: "Cancel session",
    summary: "A reason is required; the form says beforehand when the cancellation will be late (inside the notice window).",
    machine: cancelFormMachine,
    delayLabels: { successShown: "1 s" },
  },
  {
    id: "complete-session",
    file: "session-steps",
    title: "Mark completed",
    summary: "After the session's end, the counsellor or an Admin records it as held, after a confirmation.",
    machine: completeSessionMachine,
  },
  {
    id: "no-show-session",
    file: "session-steps",
    title: "Mark no-show",
    summary: "After the session's start, the counsellor or an Admin records that the client did not come, after a confirmation naming the client.",
    machine: noShowSessionMachine,
  },
  {
    id: "session-history",
    file: "session-steps",
    title: "Session history",
    summary: "A session's events, newest first, read when its details open; Try again after a failure.",
    machine: sessionHistoryMachine,
  },
  {
    id: "assign-counsellor",
    title: "Assign To",
    summary:
      "Exactly one counsellor for the selected users, one update per user; the form lists a few people per role and searches the rest (300 ms debounce).",
    machine: assignCounsellorMachine,
    delayLabels: { searchDebounce: "300 ms" },
  },
  {
    id: "counsellor-picker",
    title: "Counselling Users' Counsellor filter",
    summary:
      "A counsellor found by name or email among the people a client can be assigned to (300 ms after typing pauses), a few of each role; picking one shows only their clients.",
    machine: counsellorPickerMachine,
    delayLabels: { debounce: "300 ms" },
  },
  {
    id: "counselling-actions",
    title: "Send access",
    summary: "Send access to a counselling enquiry after confirmation: the client's account is created or reused and emailed a set-password link.",
    machine: sendAccessMachine,
  },
  {
    id: "confirm-action",
    title: "Delete session",
    summary: "Delete a counselling session after confirmation (the same confirm-then-run machine as Send access).",
    machine: deleteSessionMachine,
  },
  {
    id: "counselling-details",
    title: "Counselling details",
    summary: "The user and counsellor cards of /counselling/:userId.",
    machine: counsellingDetailsMachine,
  },
  {
    id: "counselling-lists",
    title: "Counselling enquiries list",
    summary: "The paged 1:1 Counselling enquiries (the other counselling tables are the same paged list).",
    machine: enquiryListMachine,
  },
  {
    id: "session-counts",
    title: "Session counts",
    summary: "The dashboard's Upcoming Session and Session History counts for the User and vendor roles.",
    machine: sessionCountsMachine,
  },
  {
    id: "enquiry-access",
    workflow: true,
    title: "Enquiry access",
    summary:
      "The Admin's Send access on a counselling enquiry: the client gets an account and a set-password link, again on a second send; an email held by a vendor, editor or admin is refused with 409.",
    machine: enquiryAccessMachine,
    firedBy: { "enquiry.sendAccess": enquiryCalls.sendUserLoginAccess },
  },
  {
    id: "assignment",
    workflow: true,
    title: "Counsellor assignment",
    summary:
      "The Admin assigns a client an approved person of an assignable role (never the client), and may assign another later; anything else is refused with 400.",
    machine: assignmentMachine,
    firedBy: { "assignment.assign": userCalls.assignOrUpdateCounsellor },
  },
]
