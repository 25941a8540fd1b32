import type { ColumnType, Selectable } from "kysely"

/** Contact enquiries sent from the marketing site's form (POST /contact/create). */
export interface ContactEnquiriesTable {
  id: string
  name: string
  email: string
  number: string
  city: string
  state: string
  message: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
}
export type ContactEnquiryRow = Selectable<ContactEnquiriesTable>

/** One row (id 1): how many contact enquiries exist, kept by triggers on contact_enquiries. */
export interface ContactEnquiryCountTable {
  id: number
  /** The total is the sum of its slots, one per backend modulo 16 (migration 0039). */
  slot: ColumnType<number, never, never>
  n: ColumnType<number, never, never>
}
