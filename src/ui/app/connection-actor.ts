import { createActor } from "xstate"
import { configureApiClient } from "../../api/client.ts"
import { connectionMachine } from "../../machines/connection.machine.ts"

/** The one connection actor: the API client reports to it, the banner reads it. */
export const connectionActor = createActor(connectionMachine)
connectionActor.start()

configureApiClient({
  onUnreachable: () => connectionActor.send({ type: "connection.lost" }),
  onAnswered: () => connectionActor.send({ type: "connection.restored" }),
})

export const selectShowsBanner = (snapshot: ReturnType<typeof connectionActor.getSnapshot>) => snapshot.hasTag("banner")
