import { ReviewListPage } from "./review-list-page.tsx"

export default function RejectedPage() {
  return <ReviewListPage kind="reject" />
}
