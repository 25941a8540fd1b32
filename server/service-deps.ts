import { join } from "node:path"
import type { RedisLink } from "./services/cache/redis-link.ts"
import type { Config } from "./config.ts"
import type { AppDeps } from "./deps.ts"
import { loginThrottle } from "./services/auth/login-throttle.ts"
import { tokenService } from "./services/auth/tokens.ts"
import { memoryTokenVersions } from "./services/auth/token-versions.ts"
import { redisTokenVersions } from "./services/auth/redis-token-versions.ts"
import { redisSharedWrites } from "./services/cache/answer-cache.ts"
import { redisLiveBus } from "./services/live/redis-live-bus.ts"
import { redisTicketVersions } from "./services/tickets/redis-ticket-versions.ts"
import { memoryTicketVersions } from "./services/tickets/ticket-versions.ts"
import { outboxMailer, smtpMailer } from "./services/mail/mailer.ts"
import { localUploadStore } from "./services/storage/uploads.ts"

export { connectRedis, redactUrl } from "./services/cache/redis.ts"

export type ServiceDeps = Pick<AppDeps, "tokens" | "limiter" | "ticketVersions" | "tokenVersions" | "sharedWrites" | "liveBus" | "mailer" | "uploads">

/**
 * The services the server's configuration chooses: with REDIS_URL every instance shares login limits,
 * ticket versions, token versions and writes (for cached answers) through Redis, else they live in
 * this process; mail goes through SMTP_URL or into the data directory's outbox. A module of its own so
 * main.ts loads it (ioredis, nodemailer) while the database starts, not before.
 */
export function serviceDeps(config: Config, redis: RedisLink | null, log: (message: string) => void): ServiceDeps {
  return {
    tokens: tokenService(config.jwtSecret, Date.now, config.accessTokenSeconds),
    limiter: loginThrottle(redis ? { redis, prefix: config.redisPrefix } : {}),
    ticketVersions: redis ? redisTicketVersions(redis, config.redisPrefix) : memoryTicketVersions(),
    tokenVersions: redis ? redisTokenVersions(redis, config.redisPrefix) : memoryTokenVersions(),
    ...(redis ? { sharedWrites: redisSharedWrites(redis, config.redisPrefix), liveBus: redisLiveBus(redis, config.redisPrefix) } : {}),
    mailer: config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(join(config.dataDir, "outbox"), config.mailFrom, log, { logLinks: config.logMailLinks }),
    uploads: localUploadStore(config.dataDir, config.uploadLimitBytes, config.uploadsDir),
  }
}
