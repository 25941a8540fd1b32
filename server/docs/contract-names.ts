import { Schema } from "effect"
import * as audit from "../../src/api/contract/audit/audit.ts"
import * as availability from "../../src/api/contract/availability/availability.ts"
import * as blog from "../../src/api/contract/blogs/blog.ts"
import * as common from "../../src/api/contract/common.ts"
import * as contact from "../../src/api/contract/contact/contact.ts"
import * as contentCommon from "../../src/api/contract/content/content-common.ts"
import * as counsellingEnquiry from "../../src/api/contract/counselling/counselling-enquiry.ts"
import * as counsellingSession from "../../src/api/contract/counselling/counselling-session.ts"
import * as counsellingUser from "../../src/api/contract/counselling/counselling-user.ts"
import * as dashboard from "../../src/api/contract/dashboard/dashboard.ts"
import * as editor from "../../src/api/contract/editors/editor.ts"
import * as expert from "../../src/api/contract/content/expert.ts"
import * as gallery from "../../src/api/contract/content/gallery.ts"
import * as live from "../../src/api/contract/live.ts"
import * as listExport from "../../src/api/contract/list-export.ts"
import * as notification from "../../src/api/contract/notifications/notification.ts"
import * as partner from "../../src/api/contract/partner/partner.ts"
import * as press from "../../src/api/contract/content/press.ts"
import * as publicContent from "../../src/api/contract/content/public-content.ts"
import * as search from "../../src/api/contract/search/search.ts"
import * as testimonial from "../../src/api/contract/content/testimonial.ts"
import * as ticket from "../../src/api/contract/tickets/ticket.ts"
import * as twoFactor from "../../src/api/contract/account/two-factor.ts"
import * as user from "../../src/api/contract/account/user.ts"
import * as vendor from "../../src/api/contract/vendors/vendor.ts"

/** The contract's schema modules (every file of src/api/contract that defines schemas; a test keeps the list whole). */
export const contractModules: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  audit,
  availability,
  blog,
  common,
  contact,
  "content-common": contentCommon,
  "counselling-enquiry": counsellingEnquiry,
  "counselling-session": counsellingSession,
  "counselling-user": counsellingUser,
  dashboard,
  editor,
  expert,
  gallery,
  "list-export": listExport,
  live,
  notification,
  partner,
  press,
  "public-content": publicContent,
  search,
  testimonial,
  ticket,
  "two-factor": twoFactor,
  user,
  vendor,
}

/**
 * Each exported schema of the contract by its export name, so the API document's components read
 * like the domain (`UpdateUserStatusRequest`, `PeopleListAnswer`). A schema exported twice keeps the first name.
 */
export function contractNames(): Map<unknown, string> {
  const names = new Map<unknown, string>()
  for (const module of Object.values(contractModules)) {
    for (const [name, value] of Object.entries(module)) {
      if (/^[A-Z]/.test(name) && Schema.isSchema(value) && !names.has(value)) names.set(value, name)
    }
  }
  return names
}
