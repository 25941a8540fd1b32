import { authEndpoints } from "./endpoints/auth.endpoints.ts"
import { counsellingEnquiryEndpoints } from "./endpoints/counselling-enquiry.endpoints.ts"
import { counsellingSessionEndpoints } from "./endpoints/counselling-sessions.endpoints.ts"
import { counsellingUsersEndpoints } from "./endpoints/counselling-users.endpoints.ts"
import type { Endpoint } from "./endpoint.ts"

/**
 * Every call of the API in one table. The server registers exactly these routes, the console's
 * route guards read their access rules, and the authorization matrix test walks them all.
 * Each resource keeps its calls in endpoints/<resource>.endpoints.ts and is listed here.
 */
export const endpoints: readonly Endpoint[] = [
  ...authEndpoints,
  ...counsellingEnquiryEndpoints,
  ...counsellingUsersEndpoints,
  ...counsellingSessionEndpoints,
]
