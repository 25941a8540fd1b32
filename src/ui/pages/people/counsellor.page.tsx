import { RoleListPage } from "./role-list-page.tsx"

export default function CounsellorListPage() {
  return <RoleListPage role="Counsellor" />
}
