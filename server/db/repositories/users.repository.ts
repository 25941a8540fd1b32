import { randomUUID } from "node:crypto"
import { sql, type Insertable } from "kysely"
import { maskAccountNumber, type Person, type PersonListItem, type SessionUser } from "../../../src/api/contract/account/user.ts"
import type { Db } from "../database.ts"
import { json } from "../database.ts"
import type { UserRow, UsersTable } from "../users.table.ts"

export const findUserByEmail = (db: Db, email: string) =>
  db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst()

export const findUserById = (db: Db, id: string) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst()

export type NewUser = Pick<Insertable<UsersTable>, "name" | "email" | "role" | "status"> &
  Partial<Omit<Insertable<UsersTable>, "id" | "additional_details" | "document_details" | "account_details">> & {
    additionalDetails?: Record<string, string | null>
    documentDetails?: Record<string, string | null>
    accountDetails?: Record<string, string | null>
    /** Chosen by the caller when it must answer with the id before the insert is done (a partner sign-up); new otherwise. */
    id?: string
  }

/** Inserts a person; a duplicate email (any case) fails on the unique index, which callers turn into 409. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const { additionalDetails, documentDetails, accountDetails, id, ...columns } = user
  return db
    .insertInto("users")
    .values({
      id: id ?? randomUUID(),
      ...columns,
      email: user.email.trim(),
      additional_details: json(additionalDetails ?? {}),
      document_details: json(documentDetails ?? {}),
      account_details: json(accountDetails ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Postgres and PGlite both report a unique violation as SQLSTATE 23505. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === "23505"

export const setPasswordHash = (db: Db, id: string, passwordHash: string) =>
  db.updateTable("users").set({ password_hash: passwordHash, updated_at: new Date() }).where("id", "=", id).execute()

export const toSessionUser = (row: UserRow): SessionUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  organizationId: row.organization_id,
})

type ListRow = Pick<
  UserRow,
  "id" | "name" | "email" | "number" | "role" | "status" | "created_at" | "organization_id" | "organization_name" | "profile_change_pending"
>

/** A person as a list row shows them: no profile or bank details. */
export const toPersonListItem = (row: ListRow): PersonListItem => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  number: row.number,
  role: row.role,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  organizationId: row.organization_id,
  organizationName: row.organization_name,
  ...(row.profile_change_pending ? { changesUnderReview: true } : {}),
})

/** The one row-to-domain mapper for people: every answer about a user goes through it. */
export function toPerson(row: UserRow): Person {
  return {
    ...toPersonListItem(row),
    address: row.address,
    city: row.city,
    pinCode: row.pin_code,
    state: row.state,
    language: row.language,
    experience: row.experience,
    preferredContactMethod: row.preferred_contact_method,
    AdditionalDetails: row.additional_details,
    DocumentDetails: row.document_details,
    // Masked in every answer (issue 26): the full number only through a logged reveal.
    AccountDetails: {
      ...row.account_details,
      ...("accountNumber" in row.account_details ? { accountNumber: maskAccountNumber(row.account_details.accountNumber) } : {}),
    },
  }
}
