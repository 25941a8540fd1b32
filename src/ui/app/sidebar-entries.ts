import type { Role } from "../../api/contract/common.ts"
import { blogList } from "../../api/contract/blogs/blog-list.ts"
import { contentListNames, contentLists } from "../../api/contract/content/content-lists.ts"
import { editorList } from "../../api/contract/editors/editor-list.ts"
import { ticketList } from "../../api/contract/tickets/ticket-list.ts"
import { counsellingListNames, counsellingLists } from "../../api/contract/counselling/counselling-lists.ts"
import { peopleListNames } from "../../api/contract/vendors/people-lists.ts"

export interface SidebarEntry {
  path: string
  label: string
}

/** Blogs and the card screens: the Admin's last entries, and all of the Editor's. */
const content: SidebarEntry[] = [
  { path: "/blogs", label: blogList.title },
  ...contentListNames.map((name) => ({ path: `/${name}`, label: contentLists[name].label ?? contentLists[name].title })),
]

const admin: SidebarEntry[] = [
  { path: "/", label: "Dashboard" },
  { path: "/enquiries", label: "Enquiries" },
  ...counsellingListNames.map((name) => ({ path: `/${name}`, label: counsellingLists[name].title })),
  { path: "/editor", label: editorList.title },
  { path: "/my-tickets", label: ticketList.title },
  ...content,
]

const sessions: SidebarEntry[] = [
  { path: "/upcoming-session", label: "Upcoming Session" },
  { path: "/session-history", label: "Session History" },
  { path: "/my-tickets", label: ticketList.title },
]

const editor: SidebarEntry[] = [...content]

/** The sidebar per role, exactly as the spec's table (section 2, Shared layout). */
export const sidebarEntries: Record<Role, SidebarEntry[]> = {
  Admin: admin,
  Editor: editor,
  User: sessions,
  Lawyer: sessions,
  Counsellor: sessions,
  YogaTeacher: sessions,
  Nutritionist: sessions,
  ImageConsultant: sessions,
}

/**
 * Pages under no entry of their own, and the entry that leads to them: the people and review lists
 * and Vendor Details are opened from the Dashboard's counts.
 */
const parentOf: Array<[prefix: string, entry: string]> = [
  ["/counselling/", "/counselling-users"],
  ["/ticket/", "/my-tickets"],
  ["/blog/", "/blogs"],
  ["/add-blog", "/blogs"],
  ...[...peopleListNames.map((name) => `/${name}`), "/vendor-details/"].map((prefix): [string, string] => [prefix, "/"]),
]

const isAt = (location: string, path: string) => location === path || location.startsWith(path.endsWith("/") ? path : `${path}/`)

/**
 * The one entry to highlight at `location`: its own, else the one its page is reached from. An entry
 * matches its path and what lies under it, never a longer sibling (/counselling is not /counselling-users).
 */
export function activeEntry(entries: readonly SidebarEntry[], location: string): string | null {
  if (entries.some((e) => e.path === location)) return location
  const parent = parentOf.find(([prefix]) => isAt(location, prefix))?.[1]
  if (parent !== undefined) return entries.some((e) => e.path === parent) ? parent : null
  return entries.find((e) => e.path !== "/" && isAt(location, e.path))?.path ?? null
}
