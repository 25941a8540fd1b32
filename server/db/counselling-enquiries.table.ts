import type { ColumnType, Selectable } from "kysely"

/** 1:1 counselling enquiries from the marketing site; `user_id` is the account made when access was sent. */
export interface CounsellingEnquiriesTable {
  id: string
  name: string
  email: string
  number: string
  age: number | null
  question1: string
  other_question1: string | null
  question2: string
  other_question2: string | null
  date_time: Date | string | null
  is_access_send: ColumnType<boolean, boolean | undefined, boolean>
  user_id: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}
export type CounsellingEnquiryRow = Selectable<CounsellingEnquiriesTable>
