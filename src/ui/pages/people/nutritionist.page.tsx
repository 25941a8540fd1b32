import { RoleListPage } from "./role-list-page.tsx"

export default function NutritionistListPage() {
  return <RoleListPage role="Nutritionist" />
}
