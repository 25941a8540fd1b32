import type { ProfileField } from "../../../src/api/contract/vendors/profile-change.ts"
import type { UserRow, UsersTable } from "../../db/users.table.ts"
import type { Updateable } from "kysely"
import { json } from "../../db/database.ts"

/** A profile as the edit form names its fields: each value as text, or null when empty. */
export type ProfileValues = Partial<Record<ProfileField, string | null>>

type Group = "additional_details" | "document_details" | "account_details"
type Column = "name" | "organization_name" | "number" | "address" | "city" | "pin_code" | "state" | "language" | "experience" | "preferred_contact_method"

/** Where each form field lives in the users row: a column, or a key of one of the JSON groups. */
const places: Record<ProfileField, { column: Column } | { group: Group }> = {
  name: { column: "name" },
  organizationName: { column: "organization_name" },
  number: { column: "number" },
  address: { column: "address" },
  city: { column: "city" },
  pinCode: { column: "pin_code" },
  state: { column: "state" },
  language: { column: "language" },
  experience: { column: "experience" },
  preferredContactMethod: { column: "preferred_contact_method" },
  qualifications: { group: "additional_details" },
  briefBio: { group: "additional_details" },
  serviceDescription: { group: "additional_details" },
  profileImg: { group: "additional_details" },
  registrationNumber: { group: "document_details" },
  certificationName: { group: "document_details" },
  issuingAuthority: { group: "document_details" },
  certificationNumber: { group: "document_details" },
  expirationDate: { group: "document_details" },
  certificationImg: { group: "document_details" },
  accountHolderName: { group: "account_details" },
  bankName: { group: "account_details" },
  ifscCode: { group: "account_details" },
  accountNumber: { group: "account_details" },
}
export const profileFields = Object.keys(places) as ProfileField[]

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null)

/** The row's values of every profile field. */
export function profileValuesOf(row: UserRow): Record<ProfileField, string | null> {
  const out = {} as Record<ProfileField, string | null>
  for (const field of profileFields) {
    const place = places[field]
    out[field] = "column" in place ? text(row[place.column]) : text(row[place.group][field])
  }
  return out
}

/** The update that writes `values` into the row (JSON groups merged key by key, the rest of each group kept). */
export function rowUpdateOf(row: UserRow, values: ProfileValues): Updateable<UsersTable> {
  const update: Record<string, unknown> = {}
  const groups: Partial<Record<Group, Record<string, string | null>>> = {}
  for (const [field, value] of Object.entries(values) as Array<[ProfileField, string | null]>) {
    const place = places[field]
    if ("column" in place) update[place.column] = value
    else groups[place.group] = { ...(groups[place.group] ?? row[place.group]), [field]: value }
  }
  for (const [group, fields] of Object.entries(groups)) update[group] = json(fields)
  return update as Updateable<UsersTable>
}
