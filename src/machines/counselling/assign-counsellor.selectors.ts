import { assignableRoles, type AssignablePerson, type AssignableRole } from "../../api/contract/counselling/counselling-user.ts"
import type { AssignCounsellorContext } from "./assign-counsellor.machine.ts"

export interface RoleGroup {
  role: AssignableRole
  people: AssignablePerson[]
  /** How many of the role match (a lower bound when `capped`). */
  total: number
  capped: boolean
  /** Matching people not listed: the form asks for a narrower search instead of listing them. */
  more: number
}

/** The form's accordion: every assignable role in the spec's order, with its listed people and how many more match. */
export function roleGroups(context: Pick<AssignCounsellorContext, "people" | "totals">): RoleGroup[] {
  return assignableRoles.map((role) => {
    const people = context.people.filter((p) => p.role === role)
    const counted = context.totals.find((t) => t.role === role)
    const total = Math.max(counted?.total ?? 0, people.length)
    return { role, people, total, capped: counted?.capped === true, more: total - people.length }
  })
}

const count = (n: number) => n.toLocaleString("en-US")

/** The badge of a role: its total, '1,000+' when the server stopped counting. */
export const totalLabel = (group: RoleGroup): string => `${count(group.total)}${group.capped ? "+" : ""}`

/** Under a role with more people than listed: 'N more — refine the search' (N+ when counting stopped). */
export const moreLabel = (group: RoleGroup): string | null =>
  group.more > 0 ? `${count(group.more)}${group.capped ? "+" : ""} more — refine the search` : null
