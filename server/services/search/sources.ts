import { peopleSource } from "./people.source.ts"
import type { SearchSource } from "./search-source.ts"

/**
 * Every source of the header search, in the order their results are shown.
 * Sessions and tickets sources (for every role but the Admin's people search) are added here,
 * one import and one entry each.
 */
export const searchSources: readonly SearchSource[] = [peopleSource]
