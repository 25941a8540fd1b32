import { auditEndpoints } from "./endpoints/audit.endpoints.ts"
import { authEndpoints } from "./endpoints/auth.endpoints.ts"
import { ticketEndpoints } from "./endpoints/ticket.endpoints.ts"
import { availabilityEndpoints } from "./endpoints/availability.endpoints.ts"
import { partnerEndpoints } from "./endpoints/partner.endpoints.ts"
import { searchEndpoints } from "./endpoints/search.endpoints.ts"
import { blogEndpoints } from "./endpoints/blog.endpoints.ts"
import { editorEndpoints } from "./endpoints/editor.endpoints.ts"
import { expertEndpoints } from "./endpoints/expert.endpoints.ts"
import { galleryEndpoints } from "./endpoints/gallery.endpoints.ts"
import { pressEndpoints } from "./endpoints/press.endpoints.ts"
import { publicContentEndpoints } from "./endpoints/public-content.endpoints.ts"
import { testimonialEndpoints } from "./endpoints/testimonial.endpoints.ts"
import { counsellingEnquiryEndpoints } from "./endpoints/counselling-enquiry.endpoints.ts"
import { counsellingSessionEndpoints } from "./endpoints/counselling-sessions.endpoints.ts"
import { counsellingUsersEndpoints } from "./endpoints/counselling-users.endpoints.ts"
import { contactEndpoints } from "./endpoints/contact.endpoints.ts"
import { dashboardEndpoints } from "./endpoints/dashboard.endpoints.ts"
import { vendorEndpoints } from "./endpoints/vendors.endpoints.ts"
import { exportEndpoints } from "./endpoints/export.endpoints.ts"
import { twoFactorEndpoints } from "./endpoints/two-factor.endpoints.ts"
import type { Endpoint } from "./endpoint.ts"

/**
 * Every call of the API in one table. The server registers exactly these routes, the console's
 * route guards read their access rules, and the authorization matrix test walks them all.
 * Each resource keeps its calls in endpoints/<resource>.endpoints.ts and is listed here.
 */
export const endpoints: readonly Endpoint[] = [
  ...authEndpoints,
  ...twoFactorEndpoints,
  ...auditEndpoints,
  ...ticketEndpoints,
  ...partnerEndpoints,
  ...availabilityEndpoints,
  ...searchEndpoints,
  ...blogEndpoints,
  ...galleryEndpoints,
  ...expertEndpoints,
  ...testimonialEndpoints,
  ...pressEndpoints,
  ...editorEndpoints,
  ...publicContentEndpoints,
  ...counsellingEnquiryEndpoints,
  ...counsellingUsersEndpoints,
  ...counsellingSessionEndpoints,
  ...vendorEndpoints,
  ...contactEndpoints,
  ...dashboardEndpoints,
  ...exportEndpoints,
]
