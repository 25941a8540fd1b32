import { allTicketsSource } from "./all-tickets.source.ts"
import { blogsSource } from "./blogs.source.ts"
import { enquiriesSource } from "./enquiries.source.ts"
import { peopleSource } from "./people.source.ts"
import type { SearchSource } from "./search-source.ts"
import { sessionsSource } from "./sessions.source.ts"
import { ticketsSource } from "./tickets.source.ts"

/**
 * Every source of the header search, in the order their results are shown: for the Admin people, tickets,
 * enquiries and blogs; for an Editor blogs and their own tickets; for everyone else their own sessions and
 * tickets. A new source is one file and one entry.
 */
export const searchSources: readonly SearchSource[] = [peopleSource, allTicketsSource, enquiriesSource, blogsSource, sessionsSource, ticketsSource]
