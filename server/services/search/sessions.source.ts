import { vendorRoles } from "../../../src/api/contract/common.ts"
import { likePattern } from "../../db/paging.ts"
import type { SearchSource } from "./search-source.ts"

/**
 * A client (as the client) or a vendor (as the counsellor) finds their own sessions by topic,
 * agenda or the other person's name; a result opens Upcoming Session or Session History.
 */
export const sessionsSource: SearchSource = {
  kind: "session",
  access: ["User", ...vendorRoles],
  async search(deps, { caller, q, limit }) {
    const mine = caller.role === "User" ? "s.user_id" : "s.counsellor_id"
    const other = caller.role === "User" ? "s.counsellor_id" : "s.user_id"
    const pattern = likePattern(q)
    const rows = await deps.db
      .selectFrom("counselling_sessions as s")
      .innerJoin("users as o", "o.id", other)
      .select(["s.id", "s.topic", "s.starts_at", "o.name as other_name"])
      .where(mine, "=", caller.id)
      .where((eb) => eb.or([eb("s.topic", "ilike", pattern), eb("s.agenda", "ilike", pattern), eb("o.name", "ilike", pattern)]))
      .orderBy("s.starts_at", "desc")
      .limit(limit)
      .execute()
    const now = deps.now()
    return rows.map((row) => {
      const upcoming = new Date(row.starts_at).getTime() > now
      return {
        kind: "session" as const,
        id: row.id,
        title: row.topic,
        subtitle: `with ${row.other_name} · ${new Date(row.starts_at).toISOString().slice(0, 16).replace("T", " ")} UTC`,
        href: upcoming ? "/upcoming-session" : "/session-history",
      }
    })
  },
}
