import { isApiError } from "../../api/api-error.ts"

/**
 * A server refusal that names a field ('oldPassword: is required', 'name: must be at least 2
 * characters') belongs next to that field, in its label's words: 'Current Password is required.'.
 * Returns the field and its text, or null when the answer names none of this form's fields.
 */
export function serverFieldError(error: unknown, labels: Readonly<Record<string, string>>): { field: string; text: string } | null {
  if (!isApiError(error) || error.kind !== "http" || error.status !== 400) return null
  const match = /^([\w.[\]]+):\s*(.+)$/s.exec(error.message)
  if (!match) return null
  const path = match[1]!.split(/[.[\]]/).filter(Boolean)
  const field = [path.join("."), path[path.length - 1]!, path[0]!].find((name) => labels[name] !== undefined)
  if (!field) return null
  const reason = match[2]!.trim()
  // A reason that is a sentence of its own ('Current password is incorrect.') is kept as it is; one that
  // goes on from the field's name ('is required') follows the label; anything else is introduced by it.
  const text = /^[A-Z]/.test(reason)
    ? reason
    : /^(is|are|must|should|cannot|has|needs)\b/.test(reason)
      ? `${labels[field]} ${reason.replace(/\.$/, "")}.`
      : `${labels[field]}: ${reason}`
  return { field, text }
}
