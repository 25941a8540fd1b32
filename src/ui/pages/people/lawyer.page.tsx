import { RoleListPage } from "./role-list-page.tsx"

export default function LawyerListPage() {
  return <RoleListPage role="Lawyer" />
}
