import { RoleListPage } from "./role-list-page.tsx"

export default function UserListPage() {
  return <RoleListPage role="User" />
}
