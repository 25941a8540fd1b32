import type { Role } from "../../api/contract/common.ts"

export interface SidebarEntry {
  path: string
  label: string
}

const admin: SidebarEntry[] = [
  { path: "/", label: "Dashboard" },
  { path: "/enquiries", label: "Enquiries" },
  { path: "/counselling", label: "1:1 Counselling" },
  { path: "/unassign-users", label: "Unassign Users" },
  { path: "/counselling-users", label: "Counselling Users" },
  { path: "/all-sessions", label: "All Sessions" },
  { path: "/editor", label: "Editor" },
  { path: "/my-tickets", label: "My Tickets" },
  { path: "/blogs", label: "Blogs" },
  { path: "/testimonials", label: "Testimonials" },
  { path: "/experts", label: "Experts" },
  { path: "/gallery", label: "Gallery" },
  { path: "/press-release-and-recognition", label: "Press & Recognition" },
]

const sessions: SidebarEntry[] = [
  { path: "/upcoming-session", label: "Upcoming Session" },
  { path: "/session-history", label: "Session History" },
  { path: "/my-tickets", label: "My Tickets" },
]

const editor: SidebarEntry[] = [
  { path: "/blogs", label: "Blogs" },
  { path: "/testimonials", label: "Testimonials" },
  { path: "/experts", label: "Experts" },
  { path: "/gallery", label: "Gallery" },
  { path: "/press-release-and-recognition", label: "Press & Recognition" },
]

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
