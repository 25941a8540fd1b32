import { authEndpoints } from "./endpoints/auth.endpoints.ts"
import { contactEndpoints } from "./endpoints/contact.endpoints.ts"
import { dashboardEndpoints } from "./endpoints/dashboard.endpoints.ts"
import { vendorEndpoints } from "./endpoints/vendors.endpoints.ts"
import type { Endpoint } from "./endpoint.ts"

/**
 * Every call of the API in one table. The server registers exactly these routes, the console's
 * route guards read their access rules, and the authorization matrix test walks them all.
 * Each resource keeps its calls in endpoints/<resource>.endpoints.ts and is listed here.
 */
export const endpoints: readonly Endpoint[] = [...authEndpoints, ...vendorEndpoints, ...contactEndpoints, ...dashboardEndpoints]
