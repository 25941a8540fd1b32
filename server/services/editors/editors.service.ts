import type { CreateEditorRequest, EditorListQuery, UpdateEditorRequest } from "../../../src/api/contract/editors/editor.ts"
import { deleteEditorRow, listEditors as listEditorRows, lockEditor, toEditor, updateEditorRow } from "../../db/repositories/editors.repository.ts"
import { insertUser, isUniqueViolation } from "../../db/repositories/users.repository.ts"
import type { AppDeps, RouteDeps } from "../../deps.ts"
import { setPasswordInvite } from "../auth/auth.service.ts"
import { deliverQueued, queueNotifications } from "../notifications/queue.ts"
import type { Caller } from "../auth/tokens.ts"
import { conflict, notFound } from "../errors.ts"
import { snapshotOf } from "../audit/projections.ts"
import { recordChange } from "../audit/record-change.ts"
import { contentPaging, listAnswer } from "../content/list-answer.ts"

type Deps = Pick<RouteDeps, "db" | "now" | "mailer" | "postman" | "live" | "publicUrl">

const EMAIL_TAKEN = "An account with this email already exists."

/** Postgres and PGlite report a row still referred to by another table as SQLSTATE 23503. */
const isForeignKeyViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === "23503"

/**
 * Creates the editor without a password and queues the mail of a single-use set-password link, in one
 * transaction: no account without its invitation, no invitation without its account.
 */
export async function createEditor(deps: Deps, caller: Caller, request: CreateEditorRequest) {
  try {
    const { data, queued } = await deps.db.transaction().execute(async (trx) => {
      const row = await insertUser(trx, {
        name: request.name,
        email: request.email,
        number: request.number,
        role: "Editor",
        status: "Approve",
        password_hash: null,
      })
      await recordChange(trx, { entityType: "user", entityId: row.id, type: "user.created", actorId: caller.id })
      const invite = await setPasswordInvite({ ...deps, db: trx }, row, "editor.invited")
      return { data: toEditor(row), queued: await queueNotifications(trx, new Date(deps.now()), [invite], deps.postman) }
    })
    const sent = await deliverQueued(deps, queued)
    const message = sent
      ? "Editor added successfully! An email to set the password has been sent."
      : "Editor added successfully! The email to set the password could not be sent yet; it will be retried automatically."
    return { success: true, message, data }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN)
    throw error
  }
}

export async function updateEditor(deps: Pick<AppDeps, "db" | "now">, caller: Caller, id: string, request: UpdateEditorRequest) {
  try {
    const data = await deps.db.transaction().execute(async (trx) => {
      const before = await lockEditor(trx, id)
      if (!before) throw notFound("Editor not found.")
      const fields = await snapshotOf(trx, "user", id)
      const editor = toEditor(await updateEditorRow(trx, id, request, new Date(deps.now())))
      await recordChange(trx, { entityType: "user", entityId: id, type: "user.updated", actorId: caller.id, before: fields })
      return editor
    })
    return { success: true, message: "Editor updated successfully!", data }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN)
    throw error
  }
}

export async function deleteEditor(deps: Pick<AppDeps, "db" | "tokenVersions">, caller: Caller, id: string) {
  try {
    await deps.db.transaction().execute(async (trx) => {
      const before = await lockEditor(trx, id)
      if (!before) throw notFound("Editor not found.")
      const fields = await snapshotOf(trx, "user", id)
      await deleteEditorRow(trx, id)
      await recordChange(trx, { entityType: "user", entityId: id, type: "user.deleted", actorId: caller.id, before: fields })
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict("This editor is still referred to by other records (tickets or sessions) and cannot be deleted.")
    throw error
  }
  // The deleted editor's tokens are refused from the next request: the version check finds no row.
  await deps.tokenVersions.forget(id)
  return { success: true, message: "Editor deleted successfully." }
}

export async function listEditors(deps: Pick<AppDeps, "db">, query: EditorListQuery) {
  const at = contentPaging(query)
  const answer = listAnswer(await listEditorRows(deps.db, at, query.sort), at)
  return { ...answer, totalRecords: answer.pagination.total }
}
