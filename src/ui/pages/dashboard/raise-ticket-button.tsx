import type { Role } from "../../../api/contract/common.ts"

/** Raise Ticket and its form (tickets issue): not built yet, so it shows nothing. */
export function RaiseTicketButton(_props: { role: Role }) {
  return null
}
