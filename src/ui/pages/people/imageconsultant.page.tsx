import { RoleListPage } from "./role-list-page.tsx"

export default function ImageConsultantListPage() {
  return <RoleListPage role="ImageConsultant" />
}
