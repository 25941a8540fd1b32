import * as api from "../contract/account/auth.endpoints.ts"
import * as twoFactor from "../contract/account/two-factor.endpoints.ts"
import { call } from "../client.ts"

export const login = (email: string, password: string) => call(api.login, { body: { email, password } })
export const sendResetLink = (email: string) => call(api.resetPasswordLink, { body: { email } })
export const resetPassword = (token: string, password: string, confirmPassword: string) =>
  call(api.resetPassword, { body: { token, password, confirmPassword } })
export const updatePassword = (oldPassword: string, newPassword: string) => call(api.updateCurrentPassword, { body: { oldPassword, newPassword } })
export const getProfile = () => call(api.getProfile)
/** Ends every session of the signed-in person on the server (the console forgets its own either way). */
export const logout = () => call(api.logout)
/** Ends every other session of the signed-in person; the answer is this tab's new session. */
export const logoutOtherDevices = () => call(api.logoutOtherDevices)
export const loginTwoFactor = (challengeToken: string, code: string) => call(twoFactor.loginTwoFactor, { body: { challengeToken, code } })
/** A new access token and refresh token for the current ones (the refresh token is retired). */
export const refreshSession = (refreshToken: string) => call(api.refreshToken, { body: { refreshToken }, anonymous: true })
