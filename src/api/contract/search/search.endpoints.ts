import { endpoint } from "../endpoint.ts"
import { SearchAnswer, SearchQuery } from "./search.ts"

export const search = endpoint({
  name: "search",
  method: "GET",
  path: "/search",
  query: SearchQuery,
  answer: SearchAnswer,
  access: "signedIn",
  summary: "Header search: people for the Admin; one's own sessions and tickets for everyone else",
})

export const searchEndpoints = [search]
