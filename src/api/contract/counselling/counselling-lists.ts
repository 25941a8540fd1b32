/**
 * The Admin's four counselling lists (spec section 2), in two files: here each screen's path, the call that
 * reads it and its title, which the sidebar and (at build time, route-access.at-build.ts) the route table
 * read; in counselling-list-screens.ts the other texts, the CSV file and the columns, which the tables, the
 * list machines and the server's CSV exports take. Plain data, so the sidebar's chunk carries neither the
 * contract's schemas nor the screens' texts.
 */

/** The screens by path (`/all-sessions`), which is also the name their CSV export is asked for by. */
export const counsellingListNames = ["counselling", "unassign-users", "counselling-users", "all-sessions"] as const
export type CounsellingListName = (typeof counsellingListNames)[number]

export interface CounsellingList {
  call: "fetchCounsellingEnquiries" | "fetchUnassignedUsers" | "fetchCounsellingUsers" | "fetchSessions"
  /** The page's heading, its route's title and its sidebar label. */
  title: string
}

export const counsellingLists: Record<CounsellingListName, CounsellingList> = {
  counselling: { call: "fetchCounsellingEnquiries", title: "1:1 Counselling" },
  "unassign-users": { call: "fetchUnassignedUsers", title: "Unassign Users" },
  "counselling-users": { call: "fetchCounsellingUsers", title: "Counselling Users" },
  "all-sessions": { call: "fetchSessions", title: "All Sessions" },
}
