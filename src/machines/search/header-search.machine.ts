import { assign, setup } from "xstate"
import { fromCall } from "../call-actor.ts"
import { search as searchCall } from "../../api/contract/search/search.endpoints.ts"
import * as searchApi from "../../api/search/search.api.ts"
import { SEARCH_MIN_LENGTH, type SearchResult } from "../../api/contract/search/search.ts"

/** Typing pauses this long before a search is sent, so a word typed quickly makes one call. */
export const SEARCH_DEBOUNCE_MS = 300
export const SEARCH_FAILED = "Search failed. Please try again."
export const SEARCH_EMPTY = "No results found."

export interface HeaderSearchContext {
  query: string
  results: SearchResult[]
  /** Index of the result the arrow keys point at; -1 for none. */
  highlighted: number
  error: string | null
}

export type HeaderSearchEvent =
  | { type: "query.change"; value: string }
  | { type: "highlight.next" }
  | { type: "highlight.previous" }
  | { type: "result.choose"; index?: number }
  | { type: "results.close" }

const isLongEnough = (query: string) => query.trim().length >= SEARCH_MIN_LENGTH

/**
 * The header's search box: debounced as you type (300 ms), results in a list the arrow keys walk,
 * Enter or a click opens one, Escape closes the list. A newer query abandons an older search.
 */
export const headerSearchMachine = setup({
  types: { context: {} as HeaderSearchContext, events: {} as HeaderSearchEvent },
  actors: {
    search: fromCall<SearchResult[], { q: string }>(searchCall, async ({ input }) => [...(await searchApi.search(input.q)).data]),
  },
  actions: {
    /** Provided by the app: open a console route. */
    navigate: (_, _params: { to: string }) => {},
    setQuery: assign({ query: ({ context, event }) => (event.type === "query.change" ? event.value : context.query) }),
    clearResults: assign({ results: [], highlighted: -1, error: null }),
  },
  guards: {
    isSearchable: ({ event }) => event.type === "query.change" && isLongEnough(event.value),
    hasChosenResult: ({ context, event }) => {
      const index = event.type === "result.choose" ? (event.index ?? context.highlighted) : -1
      return index >= 0 && index < context.results.length
    },
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: "headerSearch",
  context: { query: "", results: [], highlighted: -1, error: null },
  initial: "idle",
  on: {
    "query.change": [
      { guard: "isSearchable", target: ".debouncing", reenter: true, actions: "setQuery" },
      { target: ".idle", actions: ["setQuery", "clearResults"] },
    ],
  },
  states: {
    idle: { description: "No list is open (fewer than 2 characters, or it was closed)." },
    opened: { description: "A result was opened; the box is empty again and no list is open." },
    debouncing: {
      description: "Waiting for typing to pause before searching.",
      after: { debounce: "searching" },
      on: { "results.close": { target: "idle", actions: "clearResults" } },
    },
    searching: {
      description: "The search call is on its way; the list says it is searching.",
      tags: ["busy", "open"],
      invoke: {
        src: "search",
        input: ({ context }) => ({ q: context.query.trim() }),
        onDone: { target: "showing", actions: assign({ results: ({ event }) => event.output, highlighted: -1, error: null }) },
        onError: { target: "failed", actions: assign({ results: [], error: SEARCH_FAILED }) },
      },
      on: { "results.close": { target: "idle", actions: "clearResults" } },
    },
    showing: {
      description: "Results are listed ('No results found.' when none); arrows move, Enter or click opens.",
      tags: ["open"],
      on: {
        "highlight.next": {
          actions: assign({ highlighted: ({ context }) => (context.results.length === 0 ? -1 : (context.highlighted + 1) % context.results.length) }),
        },
        "highlight.previous": {
          actions: assign({
            highlighted: ({ context }) => (context.highlighted <= 0 ? context.results.length - 1 : context.highlighted - 1),
          }),
        },
        "result.choose": {
          guard: "hasChosenResult",
          target: "opened",
          actions: [
            { type: "navigate", params: ({ context, event }) => ({ to: context.results[event.index ?? context.highlighted]!.href }) },
            assign({ query: "" }),
            "clearResults",
          ],
        },
        "results.close": { target: "idle", actions: "clearResults" },
      },
    },
    failed: {
      description: "'Search failed. Please try again.' shows in the list.",
      tags: ["open"],
      on: { "results.close": { target: "idle", actions: "clearResults" } },
    },
  },
})
