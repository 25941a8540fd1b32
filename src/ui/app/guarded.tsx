import { useEffect, type ReactNode } from "react"
import { useSelector } from "@xstate/react"
import { Redirect } from "wouter"
import { canCall, type Access } from "../../api/contract/endpoint.ts"
import { authActor, selectUser } from "./auth-actor.ts"

/**
 * Pages needing login redirect to /login without a session; a signed-in role the route does not
 * allow is logged out and sent to /login (the spec's rule for blog and enquiry pages, applied to all).
 */
export function Guarded({ access, title, children }: { access: Access; title: string; children: ReactNode }) {
  const user = useSelector(authActor, selectUser)
  const allowed = user !== null && canCall(access, user.role)
  useEffect(() => {
    if (user && !allowed) authActor.send({ type: "auth.logout" })
  }, [user, allowed])
  useEffect(() => {
    document.title = `${title} · Console`
  }, [title])
  if (!user) return <Redirect to="/login" replace />
  if (!allowed) return null
  return <>{children}</>
}
