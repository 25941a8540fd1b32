import type { Db } from "../db/database.ts"
import { DEMO_PASSWORD, demoLogins, seedPeople } from "../db/seeds/people.seed.ts"
import { seedContactEnquiries, seedStatusHistory } from "../db/seeds/vendors.seed.ts"
import { hashPassword } from "../services/auth/passwords.ts"

export const DEMO_EMAILS = demoLogins.map((l) => l.email)

/**
 * Each resource adds its demo rows here, in dependency order. All seeding runs in one
 * transaction: a half-seeded database never stays behind.
 */
export async function seedDemo(db: Db, now = Date.now()): Promise<void> {
  // One hash for every demo account: hashing a hundred argon2 passwords would slow every start.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction().execute(async (trx) => {
    await seedPeople(trx, passwordHash, now)
    await seedStatusHistory(trx, now)
    await seedContactEnquiries(trx, now)
  })
}

export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom("users").select("id").limit(1).executeTakeFirst()
  if (any) return false
  await seedDemo(db)
  return true
}
