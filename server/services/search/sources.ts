import { peopleSource } from "./people.source.ts"
import type { SearchSource } from "./search-source.ts"
import { sessionsSource } from "./sessions.source.ts"
import { ticketsSource } from "./tickets.source.ts"

/**
 * Every source of the header search, in the order their results are shown: people for the Admin,
 * a person's own sessions and tickets for everyone else. A new source is one file and one entry.
 */
export const searchSources: readonly SearchSource[] = [peopleSource, sessionsSource, ticketsSource]
