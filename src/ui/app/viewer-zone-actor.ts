import { createActor } from "xstate"
import { setViewerZone } from "../../machines/account/viewer-zone.ts"
import { viewerZoneMachine } from "../../machines/account/viewer-zone.machine.ts"

/** One for the tab, started by the signed-in shell (sign-in's own screens show no times and never load it). */
export const viewerZoneActor = createActor(viewerZoneMachine.provide({ actions: { applyZone: (_, zone) => setViewerZone(zone) } }))
viewerZoneActor.start()
