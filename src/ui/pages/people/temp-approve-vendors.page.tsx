import { ReviewListPage } from "./review-list-page.tsx"

export default function TempApprovePage() {
  return <ReviewListPage kind="temp" />
}
