import type { ListColumn } from "../list-column.ts"
import type { Enquiry } from "./contact.ts"

/* All Enquiries' screen (its definition's other half, enquiry-list.ts): texts, CSV file and columns. */

/** The empty and failure texts and the CSV file's name (without its date). */
export const enquiryListScreen = { empty: "No enquiries found.", failure: "Failed to fetch Enquiries", file: "enquiries" } as const

/** A column after S.No. */
export type EnquiryListColumn = ListColumn<Enquiry, "name" | "email" | "number" | "city" | "state" | "createdAt">

export const enquiryListColumns: readonly EnquiryListColumn[] = [
  { key: "name", header: "Name", text: (e) => e.name },
  { key: "email", header: "Email", text: (e) => e.email },
  { key: "number", header: "Number", text: (e) => e.number },
  { key: "city", header: "City", text: (e) => e.city },
  { key: "state", header: "State", text: (e) => e.state },
  { key: "createdAt", header: "Date | Time", text: (e) => e.createdAt },
]
