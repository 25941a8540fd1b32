import { createActor } from "xstate"
import { setViewerZone } from "../../machines/viewer-zone.ts"
import { viewerZoneMachine } from "../../machines/viewer-zone.machine.ts"

/** One for the tab, started by the signed-in shell (sign-in's own screens show no times and never load it). */
export const viewerZoneActor = createActor(viewerZoneMachine.provide({ actions: { applyZone: (_, zone) => setViewerZone(zone) } }))
viewerZoneActor.start()
