import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/account/two-factor.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { setDeviceCookie } from "../plugins/device-cookie.ts"
import { route } from "../plugins/route.ts"
import { readSecuritySettings, updateSecuritySettings } from "../services/auth/security-settings.ts"
import * as twoFactor from "../services/auth/two-factor.service.ts"
import { withRequestLog } from "./request-mail-log.ts"

export function twoFactorRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.loginTwoFactor, async ({ body, request, reply }) => {
    const signedIn = await twoFactor.loginWithCode(withRequestLog(deps, request), body.challengeToken, body.code, {
      address: request.ip,
      userAgent: request.headers["user-agent"],
    })
    setDeviceCookie(reply, request, signedIn.deviceCookie)
    return signedIn.answer
  })
  route(app, api.getTwoFactor, ({ caller }) => twoFactor.twoFactorStatus(deps, caller))
  route(app, api.startTwoFactor, ({ caller }) => twoFactor.startTwoFactor(deps, caller))
  route(app, api.enableTwoFactor, ({ body, caller }) => twoFactor.enableTwoFactor(deps, caller, body.code))
  route(app, api.disableTwoFactor, ({ body, caller }) => twoFactor.disableTwoFactor(deps, caller, body.password, body.code))
  route(app, api.getSecuritySettings, async () => ({ success: true, data: await readSecuritySettings(deps.db) }))
  route(app, api.updateSecuritySettings, ({ body, caller }) => updateSecuritySettings(deps, caller, body))
}
