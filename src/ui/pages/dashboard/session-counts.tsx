import type { SessionUser } from "../../../api/contract/user.ts"

/** Upcoming Session and Session History counts for the User and vendor roles (counselling issue): not built yet. */
export function SessionCounts(_props: { user: SessionUser }) {
  return null
}
