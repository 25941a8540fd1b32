import { loadConfig } from "../config.ts"
import { openDatabase } from "../db/open-database.ts"
import { localUploadStore } from "../services/storage/uploads.ts"
import { seedDemoIfEmpty } from "./demo-seed.ts"

/** `npm run seed:demo`: the only way demo data reaches DATABASE_URL, and only into an empty database. */
const config = loadConfig()
const database = await openDatabase(config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "embedded", dataDir: config.dataDir })
const seeded = await seedDemoIfEmpty(database.db, localUploadStore(config.dataDir, config.uploadLimitBytes, config.uploadsDir))
console.log(seeded ? "Demo data seeded." : "The database already has users; nothing was seeded.")
await database.close()
