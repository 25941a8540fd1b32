import { fetchEnquiry } from "../../../src/api/contract/contact/contact.endpoints.ts"
import { likePattern } from "../../db/paging.ts"
import type { SearchSource } from "./search-source.ts"

/**
 * Whoever reads All Enquiries (the Admin) finds a contact enquiry by the sender's name, email or number; a
 * result opens All Enquiries searched for that email. The table is small (ten thousand at the scale set).
 */
export const enquiriesSource: SearchSource = {
  kind: "enquiry",
  access: fetchEnquiry.access,
  async search(deps, { q, limit }) {
    const pattern = likePattern(q)
    const rows = await deps.db
      .selectFrom("contact_enquiries")
      .select(["id", "name", "email", "number", "city"])
      .where((eb) => eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern), eb("number", "ilike", pattern)]))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute()
    return rows.map((row) => ({
      kind: "enquiry",
      id: row.id,
      title: row.name,
      subtitle: [row.email, row.number, row.city].filter(Boolean).join(" · "),
      href: `/enquiries?search=${encodeURIComponent(row.email)}`,
    }))
  },
}
