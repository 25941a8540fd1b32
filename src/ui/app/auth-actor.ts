import { navigate } from "wouter/use-browser-location"
import { createActor } from "xstate"
import { configureApiClient } from "../../api/client.ts"
import { loadSession } from "../../api/session-storage.ts"
import type { RenewedSessionAnswer } from "../../api/contract/user.ts"
import { authMachine } from "../../machines/auth.machine.ts"

/**
 * The one session actor of the console, started before React renders so the API client can read
 * its token synchronously and report every 401 to it.
 */
export const authActor = createActor(
  authMachine.provide({
    actions: { goToLogin: () => navigate("/login", { replace: true }) },
  }),
  { input: { stored: loadSession() } },
)
authActor.start()

const currentToken = () => authActor.getSnapshot().context.session?.accessToken ?? null

configureApiClient({
  getToken: currentToken,
  // A 401 for tokens this tab has since replaced (a poll sent just before a password change answered)
  // says nothing about the session it holds now.
  onUnauthorized: (sentToken) => {
    if (sentToken === null || sentToken === currentToken()) authActor.send({ type: "auth.unauthorized" })
  },
})

/** Every other session was ended and this tab was given a new one. */
export const renewSession = (session: RenewedSessionAnswer["data"]) => authActor.send({ type: "auth.sessionRenewed", ...session })

export const selectSession = (snapshot: ReturnType<typeof authActor.getSnapshot>) => snapshot.context.session
export const selectUser = (snapshot: ReturnType<typeof authActor.getSnapshot>) => snapshot.context.session?.user ?? null
