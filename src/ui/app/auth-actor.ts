import { navigate } from "wouter/use-browser-location"
import { createActor } from "xstate"
import { configureApiClient } from "../../api/client.ts"
import { loadSession } from "../../api/session-storage.ts"
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

configureApiClient({
  getToken: () => authActor.getSnapshot().context.session?.accessToken ?? null,
  onUnauthorized: () => authActor.send({ type: "auth.unauthorized" }),
})

export const selectSession = (snapshot: ReturnType<typeof authActor.getSnapshot>) => snapshot.context.session
export const selectUser = (snapshot: ReturnType<typeof authActor.getSnapshot>) => snapshot.context.session?.user ?? null
