import { resolve } from "node:path"

/**
 * Where the server keeps its data (the embedded database, uploads, its JWT secret): DATA_DIR, or ./data.
 * Its own module because server/start.ts reads it before the server's bundle loads (db/embedded-head-start.ts).
 */
export const dataDirOf = (env: NodeJS.ProcessEnv): string => resolve(env.DATA_DIR ?? "./data")

/** The server runs on the embedded database unless DATABASE_URL names a PostgreSQL (an empty one does not). */
export const usesEmbeddedDatabase = (env: NodeJS.ProcessEnv): boolean => !env.DATABASE_URL
