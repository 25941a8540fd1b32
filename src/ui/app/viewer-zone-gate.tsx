import { Fragment, useEffect, type ReactNode } from "react"
import { useSelector } from "@xstate/react"
import { browserZone } from "../../machines/account/viewer-zone.ts"
import { authActor } from "./auth-actor.ts"
import { viewerZoneActor } from "./viewer-zone-actor.ts"

/**
 * Reads the signed-in person's time zone once per sign-in in this tab. The screen is drawn at once on the
 * browser's clock (most people never choose another zone, and they wait for nothing); when the profile
 * names another zone, the screen is drawn again on that clock as soon as it is known.
 */
export function ViewerZoneGate({ children }: { children: ReactNode }) {
  const userId = useSelector(authActor, (s) => s.context.session?.user?._id ?? null)
  useEffect(() => {
    if (userId) viewerZoneActor.send({ type: "zone.need", userId })
  }, [userId])
  const zone = useSelector(viewerZoneActor, (s) => (s.matches("known") && s.context.userId === userId ? s.context.zone : null))
  return <Fragment key={zone && zone !== browserZone() ? zone : "browser"}>{children}</Fragment>
}
