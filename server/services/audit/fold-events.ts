/**
 * Rebuilds an entity from its events. The convention every command follows: `after` holds the
 * fields it set (a creation sets them all), a `*.deleted` event ends the entity. Folding the whole
 * log must give the current row; a test checks it for every entity in the demo data.
 */
export function foldEvents(events: ReadonlyArray<{ type: string; after: unknown }>): { exists: boolean; state: Record<string, unknown> | null } {
  let state: Record<string, unknown> | null = null
  for (const event of events) {
    if (event.type.endsWith(".deleted")) {
      state = null
      continue
    }
    if (event.after && typeof event.after === "object" && !Array.isArray(event.after)) {
      state = { ...(state ?? {}), ...(event.after as Record<string, unknown>) }
    }
  }
  return { exists: state !== null, state }
}
