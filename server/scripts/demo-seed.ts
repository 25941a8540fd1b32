import type { Db } from "../db/database.ts"
import { seedUndeliveredMail } from "../db/seeds/outbox.seed.ts"
import { seedAvailability } from "../db/seeds/availability.seed.ts"
import { seedContent } from "../db/seeds/content.seed.ts"
import { seedCounselling } from "../db/seeds/counselling.seed.ts"
import { DEMO_PASSWORD, demoLogins, seedPeople } from "../db/seeds/people.seed.ts"
import { seedTickets } from "../db/seeds/tickets.seed.ts"
import { seedContactEnquiries, seedProfileChanges, seedStatusHistory } from "../db/seeds/vendors.seed.ts"
import { recordSeededCreations } from "../services/audit/seed-events.ts"
import { hashPassword } from "../services/auth/passwords.ts"
import type { UploadStore } from "../services/storage/uploads.ts"
import { sealPending } from "../services/audit/audit-chain.ts"

export const DEMO_EMAILS = demoLogins.map((l) => l.email)

/**
 * Each resource adds its demo rows here, in dependency order. All seeding runs in one
 * transaction: a half-seeded database never stays behind. Website content needs the upload
 * store for its pictures and is seeded only when one is given.
 */
export async function seedDemo(db: Db, now = Date.now(), uploads?: UploadStore): Promise<void> {
  // One hash for every demo account: hashing a hundred argon2 passwords would slow every start.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction().execute(async (trx) => {
    await seedPeople(trx, passwordHash, now)
    await seedTickets(trx, now)
    await seedAvailability(trx, now)
    if (uploads) await seedContent(trx, uploads, now)
    await seedCounselling(trx, now)
    await seedContactEnquiries(trx, now)
    await seedProfileChanges(trx, now)
    // Every demo row gets its creation event, as a command would have written it (the fold test checks).
    await recordSeededCreations(trx, now)
    await seedStatusHistory(trx, now)
    await seedUndeliveredMail(trx, now)
  })
  // Sealed here rather than by the first server's background sealer (the chain starts at the demo data).
  await sealPending(db, new Date(now), { batch: 10_000, checkpoint: false })
}

export async function seedDemoIfEmpty(db: Db, uploads?: UploadStore): Promise<boolean> {
  const any = await db.selectFrom("users").select("id").limit(1).executeTakeFirst()
  if (any) return false
  await seedDemo(db, Date.now(), uploads)
  return true
}
