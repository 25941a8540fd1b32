import { RoleListPage } from "./role-list-page.tsx"

export default function YogaTeacherListPage() {
  return <RoleListPage role="YogaTeacher" />
}
