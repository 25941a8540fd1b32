import { sql } from "kysely"
import type { Person, SessionUser } from "../../../src/api/contract/user.ts"
import type { Db } from "../database.ts"
import type { UserRow } from "../users.table.ts"

export const findUserByEmail = (db: Db, email: string) =>
  db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst()

export const findUserById = (db: Db, id: string) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst()

export const setPasswordHash = (db: Db, id: string, passwordHash: string) =>
  db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where("id", "=", id)
    .execute()

export const toSessionUser = (row: UserRow): SessionUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  organizationId: row.organization_id,
})

/** The one row-to-domain mapper for people: every answer about a user goes through it. */
export function toPerson(row: UserRow): Person {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    number: row.number,
    role: row.role,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    address: row.address,
    city: row.city,
    pinCode: row.pin_code,
    state: row.state,
    language: row.language,
    experience: row.experience,
    preferredContactMethod: row.preferred_contact_method,
    AdditionalDetails: row.additional_details,
    DocumentDetails: row.document_details,
    AccountDetails: row.account_details,
  }
}
