import type { FastifyInstance } from "fastify"
import * as api from "../../src/api/contract/account/auth.endpoints.ts"
import * as timeZoneApi from "../../src/api/contract/account/time-zone.endpoints.ts"
import type { RouteDeps } from "../deps.ts"
import { deviceCookieOf, setDeviceCookie } from "../plugins/device-cookie.ts"
import { route } from "../plugins/route.ts"
import * as auth from "../services/auth/auth.service.ts"
import { refreshSession } from "../services/auth/refresh-tokens.ts"
import * as timeZone from "../services/auth/time-zone.service.ts"
import { withRequestLog } from "./request-mail-log.ts"

export function authRoutes(app: FastifyInstance, deps: RouteDeps): void {
  route(app, api.login, async ({ body, request, reply }) => {
    const signedIn = await auth.login(withRequestLog(deps, request), {
      email: body.email,
      password: body.password,
      address: request.ip,
      deviceCookie: deviceCookieOf(request),
      userAgent: request.headers["user-agent"],
    })
    if (signedIn.deviceCookie) setDeviceCookie(reply, request, signedIn.deviceCookie)
    return signedIn.answer
  })
  route(app, api.resetPasswordLink, ({ body, request }) =>
    auth.sendResetLink({ ...withRequestLog(deps, request), log: (message) => request.log.error(message) }, body.email, request.ip),
  )
  route(app, api.resetPassword, ({ body, request }) => auth.resetPassword(withRequestLog(deps, request), body.token, body.password, body.confirmPassword))
  route(app, api.updateCurrentPassword, ({ body, caller, request }) =>
    auth.updatePassword(withRequestLog(deps, request), caller, body.oldPassword, body.newPassword),
  )
  route(app, api.getProfile, ({ caller }) => auth.getProfile(deps, caller))
  route(app, api.logout, ({ caller }) => auth.logout(deps, caller))
  route(app, api.logoutOtherDevices, ({ caller }) => auth.logoutOtherDevices(deps, caller))
  route(app, timeZoneApi.getMyTimeZone, ({ caller }) => timeZone.getMyTimeZone(deps, caller))
  route(app, timeZoneApi.setMyTimeZone, ({ caller, body }) => timeZone.setMyTimeZone(deps, caller, body))
  route(app, api.refreshToken, ({ body }) => refreshSession(deps, body.refreshToken))
}
