import { ReviewListPage } from "./review-list-page.tsx"

export default function UnderReviewPage() {
  return <ReviewListPage kind="pending" />
}
