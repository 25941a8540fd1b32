import { addedColumn, personColumns, type ListColumn } from "../list-column.ts"
import type { CounsellingEnquiry } from "./counselling-enquiry.ts"
import type { CounsellingListName } from "./counselling-lists.ts"
import { sessionStateText, type CounsellingSession } from "./counselling-session.ts"
import type { CounsellingUser, UnassignedUser } from "./counselling-user.ts"

/* The counselling lists' screens (their definition's other half, counselling-lists.ts): texts, CSV files and columns. */

/**
 * The empty and failure texts (spec section 8 names the enquiries' and the sessions' failures; the two user
 * lists follow their wording) and the CSV file's name (without its date).
 */
export const counsellingListScreens: Record<CounsellingListName, { empty: string; failure: string; file: string }> = {
  counselling: { empty: "No counselling sessions found.", failure: "Failed to fetch counselling enquiries.", file: "counselling-enquiries" },
  "unassign-users": { empty: "No unassigned users found.", failure: "Failed to fetch unassigned users.", file: "unassigned-users" },
  "counselling-users": { empty: "No users found.", failure: "Failed to fetch counselling users.", file: "counselling-users" },
  "all-sessions": { empty: "No sessions found.", failure: "Failed to fetch session.", file: "all-sessions" },
}

export type EnquiryColumn = ListColumn<CounsellingEnquiry, "name" | "email" | "number" | "createdAt">
export type UnassignedUserColumn = ListColumn<UnassignedUser, "name" | "email" | "number" | "createdAt">
export type CounsellingUserColumn = ListColumn<CounsellingUser, "name" | "email" | "number" | "counsellor" | "createdAt">
export type SessionColumn = ListColumn<CounsellingSession, "name" | "email" | "number" | "dateTime" | "counsellorName" | "counsellorRole" | "status" | "state">

/** 1:1 Counselling: every enquiry has a number (the form requires one). */
export const enquiryColumns: readonly EnquiryColumn[] = [personColumns.name, personColumns.email, personColumns.number, addedColumn]

export const unassignedUserColumns: readonly UnassignedUserColumn[] = [personColumns.name, personColumns.email, personColumns.number, addedColumn]

export const counsellingUserColumns: readonly CounsellingUserColumn[] = [
  personColumns.name,
  personColumns.email,
  personColumns.number,
  { key: "counsellor", header: "Counsellor", text: (u) => (u.counsellor ? `${u.counsellor.name} (${u.counsellor.role})` : "Unassigned") },
  addedColumn,
]

export const sessionColumns: readonly SessionColumn[] = [
  personColumns.name,
  personColumns.email,
  personColumns.number,
  { key: "dateTime", header: "Date | Time", text: (s) => s.dateTime },
  { key: "counsellorName", header: "Counsellor", text: (s) => s.counsellorName },
  { key: "counsellorRole", header: "Counsellor Role", text: (s) => s.counsellorRole },
  { key: "status", header: "Status", text: (s) => s.status },
  // Where the session is in its life: on screen, the badge inside the Status cell.
  { key: "state", header: "State", text: sessionStateText, exportOnly: true },
]
