import type { FastifyInstance } from "fastify"
import type { RouteDeps } from "../deps.ts"
import { auditRoutes } from "./audit.routes.ts"
import { authRoutes } from "./auth.routes.ts"
import { twoFactorRoutes } from "./two-factor.routes.ts"
import { ticketRoutes } from "./tickets.routes.ts"
import { availabilityRoutes } from "./availability.routes.ts"
import { partnerRoutes } from "./partner.routes.ts"
import { searchRoutes } from "./search.routes.ts"
import { blogRoutes } from "./blogs.routes.ts"
import { cardRoutes } from "./cards.routes.ts"
import { editorRoutes } from "./editors.routes.ts"
import { galleryRoutes } from "./gallery.routes.ts"
import { publicContentRoutes } from "./public-content.routes.ts"
import { counsellingRoutes } from "./counselling.routes.ts"
import { contactRoutes } from "./contact.routes.ts"
import { dashboardRoutes } from "./dashboard.routes.ts"
import { vendorRoutes } from "./vendors.routes.ts"
import { profileChangeRoutes } from "./profile-change.routes.ts"
import { exportRoutes } from "./export.routes.ts"
import { notificationRoutes } from "./notifications.routes.ts"
import { liveRoutes } from "./live.routes.ts"
import { calendarRoutes } from "./calendar.routes.ts"
import { draftRoutes } from "./drafts.routes.ts"
import { savedViewRoutes } from "./saved-views.routes.ts"
import { mediaRoutes } from "./media.routes.ts"

/** Every resource's routes under /api/v1; each module registers the contract endpoints of its resource. */
export function apiRoutes(api: FastifyInstance, deps: RouteDeps): void {
  authRoutes(api, deps)
  twoFactorRoutes(api, deps)
  auditRoutes(api, deps)
  ticketRoutes(api, deps)
  partnerRoutes(api, deps)
  availabilityRoutes(api, deps)
  searchRoutes(api, deps)
  blogRoutes(api, deps)
  draftRoutes(api, deps)
  savedViewRoutes(api, deps)
  mediaRoutes(api, deps)
  galleryRoutes(api, deps)
  cardRoutes(api, deps)
  editorRoutes(api, deps)
  publicContentRoutes(api, deps)
  counsellingRoutes(api, deps)
  vendorRoutes(api, deps)
  profileChangeRoutes(api, deps)
  contactRoutes(api, deps)
  dashboardRoutes(api, deps)
  exportRoutes(api, deps)
  notificationRoutes(api, deps)
  liveRoutes(api, deps)
  calendarRoutes(api, deps)
}
