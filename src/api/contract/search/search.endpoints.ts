import { endpoint } from "../endpoint.ts"
import { SearchAnswer, SearchQuery } from "./search.ts"

export const search = endpoint({
  name: "search",
  method: "GET",
  path: "/search",
  query: SearchQuery,
  answer: SearchAnswer,
  access: "signedIn",
  summary:
    "Header search (Ctrl/⌘ K): people, tickets and contact enquiries for the Admin; blogs for the Admin and Editors; one's own sessions and tickets for everyone else. Eight results per kind at most",
})

export const searchEndpoints = [search]
