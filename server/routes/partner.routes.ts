import { DEFAULT_NOTICE_HOURS } from "../../src/machines/counselling/counselling-session.machine.ts"
import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/partner/partner.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { readCertificationImage } from "../services/partner/certification.service.ts"
import { signUpPartner } from "../services/partner/partner-signup.service.ts"
import { slidingWindowLimiter } from "../services/rate-limit.ts"
import { withRequestLog } from "./request-mail-log.ts"
import { sendPrivateImage } from "./private-image.ts"
import { announcingList } from "../services/live/live-hub.ts"

/** Sign-ups per client address per hour: enough for a family sharing a connection, not for a script. */
export const SIGNUPS_PER_HOUR = 5

export function partnerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const signups = slidingWindowLimiter({
    limit: SIGNUPS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    message: "Too many sign-up attempts from this address. Please try again in an hour.",
    now: deps.now,
  })

  route(app, api.publicConfig, async () => ({
    success: true,
    data: { partnerSignupUrl: deps.partnerSignupUrl, sessionNoticeHours: deps.sessionNoticeHours ?? DEFAULT_NOTICE_HOURS },
  }))

  route(app, api.partnerSignup, async ({ body, files, request }) => {
    signups.hit(request.ip)
    return announcingList(deps.live, "vendors", () =>
      signUpPartner({ ...withRequestLog(deps, request), log: (message) => request.log.error(message) }, body, files),
    )
  })

  route(app, api.certificationImage, async ({ params, caller, reply }) => sendPrivateImage(reply, await readCertificationImage(deps, caller, params.userId)))
}
