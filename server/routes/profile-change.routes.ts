import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/vendors/profile-change.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { route } from "../plugins/route.ts"
import { readProposedCertificationImage } from "../services/partner/certification.service.ts"
import { ownProfileChange, updateOwnProfile, withdrawOwnChange } from "../services/profile/own-profile.ts"
import { decideProfileChange, pendingProfileChange } from "../services/profile/review-change.ts"
import { announcingList } from "../services/live/live-hub.ts"
import { withRequestLog } from "./request-mail-log.ts"
import { sendPrivateImage } from "./private-image.ts"
import { ownOnboarding } from "../services/profile/onboarding.ts"

/** A vendor's own profile edits, and the Admin's review of changes to approved fields (issue 26). */
export function profileChangeRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.updateOwnProfile, ({ body, files, caller, request }) =>
    announcingList(deps.live, "vendors", () => updateOwnProfile(withRequestLog(deps, request), caller, body, files)),
  )
  route(app, api.ownOnboarding, ({ caller }) => ownOnboarding(deps, caller.id))
  route(app, api.ownProfileChange, ({ caller }) => ownProfileChange(deps.db, caller))
  route(app, api.withdrawProfileChange, ({ caller }) => withdrawOwnChange(deps, caller))
  route(app, api.vendorProfileChange, ({ params }) => pendingProfileChange(deps.db, params.id))
  route(app, api.approveProfileChange, ({ params, caller, request }) =>
    announcingList(deps.live, "vendors", () => decideProfileChange(withRequestLog(deps, request), caller, params.id, { approve: true })),
  )
  route(app, api.rejectProfileChange, ({ params, body, caller, request }) =>
    decideProfileChange(withRequestLog(deps, request), caller, params.id, { approve: false, reason: body.reason }),
  )
  route(app, api.proposedCertificationImage, async ({ params, caller, reply }) =>
    sendPrivateImage(reply, await readProposedCertificationImage(deps, caller, params.id)),
  )
}
