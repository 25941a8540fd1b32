import type { Role } from "../../../api/contract/common.ts"

/** Admin counts of people (vendor, counselling and enquiry issue): not built yet, so it shows nothing. */
export function PeopleCounts(_props: { role: Role }) {
  return null
}
