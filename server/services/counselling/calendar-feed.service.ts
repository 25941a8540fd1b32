import { randomBytes } from "node:crypto"
import type { Db } from "../../db/database.ts"
import { sessionsOfPerson } from "../../db/repositories/counselling-sessions.repository.ts"
import type { Caller } from "../auth/tokens.ts"
import { appendEvent } from "../events.ts"
import { notFound } from "../errors.ts"
import { calendarFeedIcs } from "./calendar-invite.ts"
import { sessionEventOf } from "./session-mail.ts"

interface FeedDeps {
  db: Db
  publicUrl: string
  now: () => number
}

/** How far back the feed reaches, and how many sessions it lists at most (a calendar app reads it every 15 minutes). */
const HISTORY_DAYS = 90
const MAX_EVENTS = 1000

const urlOf = (deps: FeedDeps, token: string) => `${deps.publicUrl}/api/v1/calendar/feed/${token}.ics`

export async function getFeed(deps: FeedDeps, caller: Caller) {
  const row = await deps.db.selectFrom("calendar_feeds").select(["token", "created_at"]).where("user_id", "=", caller.id).executeTakeFirst()
  return { success: true, data: { url: row ? urlOf(deps, row.token) : null, createdAt: row ? new Date(row.created_at).toISOString() : null } }
}

/** Makes the feed or replaces it; the event says so (never the secret). */
export async function replaceFeed(deps: FeedDeps, caller: Caller) {
  const token = randomBytes(32).toString("base64url")
  const at = new Date(deps.now())
  const replaced = await deps.db.transaction().execute(async (trx) => {
    const old = await trx.deleteFrom("calendar_feeds").where("user_id", "=", caller.id).returning("user_id").executeTakeFirst()
    await trx.insertInto("calendar_feeds").values({ user_id: caller.id, token, created_at: at }).execute()
    await appendEvent(trx, {
      entityType: "user",
      entityId: caller.id,
      type: old ? "user.calendarFeedReplaced" : "user.calendarFeedCreated",
      actorId: caller.id,
    })
    return old !== undefined
  })
  return {
    success: true,
    message: replaced ? "Your calendar address was replaced: the old one no longer works." : "Your calendar address is ready.",
    data: { url: urlOf(deps, token), createdAt: at.toISOString() },
  }
}

export async function revokeFeed(deps: FeedDeps, caller: Caller) {
  await deps.db.transaction().execute(async (trx) => {
    const old = await trx.deleteFrom("calendar_feeds").where("user_id", "=", caller.id).returning("user_id").executeTakeFirst()
    if (old) await appendEvent(trx, { entityType: "user", entityId: caller.id, type: "user.calendarFeedRevoked", actorId: caller.id })
  })
  return { success: true, message: "Your calendar address was turned off.", data: { url: null, createdAt: null } }
}

/** The feed behind a secret address: the person's sessions from 90 days back, cancelled ones marked so. */
export async function feedIcs(deps: FeedDeps, tokenWithExtension: string): Promise<string> {
  const token = tokenWithExtension.replace(/\.ics$/u, "")
  const feed = await deps.db
    .selectFrom("calendar_feeds as f")
    .innerJoin("users as u", "u.id", "f.user_id")
    .select(["f.user_id", "u.name"])
    .where("f.token", "=", token)
    .executeTakeFirst()
  if (!feed) throw notFound("No calendar feed has this address.")
  const from = new Date(deps.now() - HISTORY_DAYS * 86_400_000)
  const sessions = await sessionsOfPerson(deps.db, feed.user_id, from, MAX_EVENTS)
  return calendarFeedIcs(
    `Console sessions: ${feed.name}`,
    sessions.map((s) => ({ ...sessionEventOf(deps, s, new Date(s.updated_at)), cancelled: s.state === "cancelled" })),
  )
}
