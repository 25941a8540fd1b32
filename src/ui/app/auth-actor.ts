import { navigate } from "wouter/use-browser-location"
import { createActor, waitFor } from "xstate"
import { configureApiClient } from "../../api/client.ts"
import { loadSession } from "../../api/session-storage.ts"
import type { RenewedSessionAnswer } from "../../api/contract/account/user.ts"
import { authMachine } from "../../machines/account/auth.machine.ts"
import { putBackTypedInput, readTypedInput } from "./typed-input.ts"

/**
 * The one session actor of the console, started before React renders so the API client can read
 * its token synchronously and report every 401 to it.
 */
export const authActor = createActor(
  authMachine.provide({
    actions: { goToLogin: () => navigate("/login", { replace: true }), putBackKept: (_, kept) => putBackTypedInput(kept) },
  }),
  { input: { stored: loadSession(), readTypedInput } },
)
authActor.start()

const currentToken = () => authActor.getSnapshot().context.session?.accessToken ?? null

/** A token ending this soon is renewed before a call goes out with it. */
const ENDING_MS = 5_000
/** How long a call waits for the renewal before it goes out with what there is (a 401 then ends the session). */
const RENEWAL_WAIT_MS = 20_000

/**
 * The token for the next call. One that has ended, or is about to (the device slept through the renewal's
 * timer, or the browser was reopened with Remember Me), is renewed first instead of being refused with 401.
 */
async function tokenForCall(): Promise<string | null> {
  const session = authActor.getSnapshot().context.session
  if (!session || session.accessEndsAt === undefined || session.accessEndsAt - Date.now() > ENDING_MS) return session?.accessToken ?? null
  authActor.send({ type: "auth.tokenNeeded" })
  const settled = await waitFor(authActor, (s) => !s.matches({ signedIn: { tokens: "refreshing" } }), { timeout: RENEWAL_WAIT_MS }).catch(() =>
    authActor.getSnapshot(),
  )
  return settled.context.session?.accessToken ?? null
}

configureApiClient({
  getToken: tokenForCall,
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
