import type { ListColumn } from "../list-column.ts"
import type { Enquiry } from "./contact.ts"

/**
 * All Enquiries' one definition (spec section 2): its texts, its CSV file and its columns, which the table and
 * the CSV export both take. Plain data with type-only imports, like the people lists'.
 */
export const enquiryList = {
  title: "All Enquiries",
  empty: "No enquiries found.",
  failure: "Failed to fetch Enquiries",
  file: "enquiries",
} as const

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
