import { demoPerson } from "../../server/db/seeds/demo-names.ts"

/**
 * A seeded vendor by its demo index (people.seed.ts: 70–82 Under Review, 83–95 Temp Approve, 96–108
 * Reject), for the browser tests that change vendors' status; each file keeps to its own indexes.
 */
export const seededVendor = (index: number) => {
  const p = demoPerson(index)
  return { name: p.name, email: `${p.emailLocal}@example.com` }
}
