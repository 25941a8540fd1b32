import type { Role } from "../../../api/contract/common.ts"

/** Admin and Editor content totals (content issue): not built yet, so it shows nothing. */
export function ContentTotals(_props: { role: Role }) {
  return null
}
