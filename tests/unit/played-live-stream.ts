import type { LiveListener } from "../../src/api/live.api.ts"

/**
 * A live stream the test plays, for the machines that listen to the tab's one: `watch` is handed to their listener
 * actors, `listeners` is who listens now (each unsubscribes when its machine stops).
 */
export function playedLiveStream(): { listeners: LiveListener[]; watch: (listener: LiveListener) => () => void } {
  const listeners: LiveListener[] = []
  const watch = (listener: LiveListener) => {
    listeners.push(listener)
    return () => void listeners.splice(listeners.indexOf(listener), 1)
  }
  return { listeners, watch }
}
