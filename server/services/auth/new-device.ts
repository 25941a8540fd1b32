import type { Db } from "../../db/database.ts"
import { whenLabel } from "../notifications/when-label.ts"
import { deliverSoon, queueNotifications, type NotifyDeps } from "../notifications/queue.ts"

/** What a person reads to recognise a browser: "Chrome on Windows"; "an unknown browser" when it does not say. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? ""
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : null
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? "an unknown browser"
}

/**
 * A full sign-in from a browser without this account's device cookie (one it was never signed in on,
 * or one whose cookies were cleared): the owner is told, by mail and in the console, with where it
 * came from. The notice is queued in the transaction that starts the session, so a sign-in that
 * answered is always told of, and one that failed never is; the answer does not wait for the mail server.
 */
export async function startSessionTellingOfNewDevice<T>(
  deps: NotifyDeps & { db: Db; now: () => number },
  user: { id: string; name: string; email: string; time_zone: string | null },
  from: { address: string; userAgent: string | undefined },
  start: (trx: Db) => Promise<T>,
): Promise<T> {
  const device = deviceLabel(from.userAgent)
  const { answer, queued } = await deps.db.transaction().execute(async (trx) => ({
    answer: await start(trx),
    queued: await queueNotifications(
      trx,
      new Date(deps.now()),
      [
        {
          template: "signIn.newDevice",
          entity: { type: "user", id: user.id },
          to: user.email,
          title: `New sign-in: ${device}`,
          fields: {
            name: user.name,
            when: whenLabel(new Date(deps.now()), user.time_zone),
            device,
            address: from.address,
            loginUrl: `${deps.publicUrl}/login`,
          },
        },
      ],
      deps.postman,
    ),
  }))
  deliverSoon(deps, queued)
  return answer
}
