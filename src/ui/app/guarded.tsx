import { useEffect, type ReactNode } from "react"
import { useSelector } from "@xstate/react"
import { Redirect, useLocation } from "wouter"
import { canCall, type Access } from "../../api/contract/endpoint.ts"
import { NoAccessPage } from "../pages/no-access.page.tsx"
import { authActor, selectUser } from "./auth-actor.ts"

/** The one screen an Admin who must set up two-factor may see until it is on. */
export const ENROL_PATH = "/two-factor"

/**
 * Pages needing login redirect to /login without a session. A signed-in role the route does not allow
 * sees that it has no access, with a way home, and stays signed in; on the blog pages and All Enquiries
 * (the spec's rule) this browser is signed out and sent to /login instead. Neither revokes anything on the server, so
 * the account's other tabs and devices are never signed out by a wrong address.
 * An Admin whose session may only enrol two-factor is sent to the two-factor screen.
 * `preload` starts loading the page's code as soon as the page is known to be shown, alongside the
 * layout's, rather than after it; it is never called for a page the user is sent away from.
 */
export function Guarded({
  access,
  title,
  preload,
  refusedSignsOut,
  children,
}: {
  access: Access
  title: string
  preload?: () => unknown
  refusedSignsOut: boolean
  children: ReactNode
}) {
  const user = useSelector(authActor, selectUser)
  const allowed = user !== null && canCall(access, user.role)
  const mustEnrol = useSelector(authActor, (s) => s.context.session?.mustEnrolTwoFactor === true)
  const [location] = useLocation()
  useEffect(() => {
    if (user && !allowed && refusedSignsOut) authActor.send({ type: "auth.signOutHere" })
  }, [user, allowed, refusedSignsOut])
  useEffect(() => {
    document.title = `${title} · Console`
  }, [title])
  if (!user) return <Redirect to="/login" replace />
  if (!allowed) return refusedSignsOut ? null : <NoAccessPage />
  if (mustEnrol && location !== ENROL_PATH) return <Redirect to={ENROL_PATH} replace />
  // Idempotent (one shared promise), so calling it again on a re-render costs nothing.
  void preload?.()
  return <>{children}</>
}
