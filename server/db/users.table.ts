import type { ColumnType, Generated, Selectable } from "kysely"
import type { Role, VendorStatus } from "../../src/api/contract/common.ts"

/** Profile detail groups are kept as JSON: they are read whole and never queried by field. */
type Json<T> = ColumnType<T, string, string>

export interface UsersTable {
  id: string
  name: string
  email: string
  number: string | null
  role: Role
  status: VendorStatus
  password_hash: string | null
  organization_id: string | null
  organization_name: string | null
  address: string | null
  city: string | null
  pin_code: string | null
  state: string | null
  language: string | null
  experience: string | null
  preferred_contact_method: string | null
  additional_details: Json<Record<string, string | null>>
  document_details: Json<Record<string, string | null>>
  account_details: Json<Record<string, string | null>>
  /** The counsellor a client is assigned to (1:1 counselling); null while unassigned. */
  counsellor_id: string | null
  /** The person's IANA time zone (migration 0019); null until they choose one (a vendor's hours then read in UTC). */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>
  /** True while the vendor's profile change waits for review (migration 0033; kept by profile-changes.repository.ts). */
  profile_change_pending: Generated<boolean>
  created_at: ColumnType<Date, Date | string | undefined, never>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
  version: Generated<number>
  /** Carried in every access token; bumping it revokes them all (logout, password change, rejection). */
  token_version: Generated<number>
}
export type UserRow = Selectable<UsersTable>
