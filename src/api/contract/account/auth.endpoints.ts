import { MessageAnswer } from "../common.ts"
import { endpoint } from "../endpoint.ts"
import {
  Credentials,
  LoginOrChallengeAnswer,
  ProfileAnswer,
  RefreshRequest,
  RenewedSessionAnswer,
  ResetLinkRequest,
  ResetPasswordRequest,
  UpdatePasswordRequest,
} from "./user.ts"

export const login = endpoint({
  name: "login",
  signIn: true,
  method: "POST",
  path: "/user/login",
  body: Credentials,
  answer: LoginOrChallengeAnswer,
  access: "public",
  summary: "Sign in with email and password; with two-factor on, answers a challenge for POST /user/login/two-factor instead of tokens",
  refusals: { 429: "Too many failed sign-ins for this account from this address, or from this address" },
})

export const resetPasswordLink = endpoint({
  name: "resetPasswordLink",
  method: "POST",
  path: "/user/reset-password-link",
  body: ResetLinkRequest,
  answer: MessageAnswer,
  access: "public",
  summary: "Email a single-use link to set a new password",
})

export const resetPassword = endpoint({
  name: "resetPassword",
  signIn: true,
  method: "POST",
  path: "/user/reset-password",
  body: ResetPasswordRequest,
  answer: MessageAnswer,
  access: "public",
  summary: "Set a new password with the token of a mailed reset link (single use, valid for an hour)",
})

export const updateCurrentPassword = endpoint({
  name: "updateCurrentPassword",
  signIn: true,
  method: "PATCH",
  path: "/user/updateCurrentPassword",
  body: UpdatePasswordRequest,
  answer: RenewedSessionAnswer,
  access: "signedIn",
  summary:
    "Change the signed-in person's password: every other device is signed out (its tokens refused from the next request), and this device gets a new session in the answer. A new password equal to the current one is refused. Records user.passwordChanged",
})

export const getProfile = endpoint({
  name: "getProfile",
  method: "GET",
  path: "/user/getProfile",
  answer: ProfileAnswer,
  access: "signedIn",
  summary: "The signed-in person's full profile",
  refusals: { 404: "The account no longer exists" },
})

export const logout = endpoint({
  name: "logout",
  signIn: true,
  method: "POST",
  path: "/user/logout",
  answer: MessageAnswer,
  access: "signedIn",
  summary: "Sign out everywhere: revokes the person's refresh tokens and refuses their access tokens from the next request. Records user.loggedOut",
})

export const logoutOtherDevices = endpoint({
  name: "logoutOtherDevices",
  signIn: true,
  method: "POST",
  path: "/user/logout-others",
  answer: RenewedSessionAnswer,
  access: "signedIn",
  summary:
    "Sign out of every other device: revokes the person's other tokens (refused from the next request) and answers this device's new session. Records user.otherSessionsEnded",
})

export const refreshToken = endpoint({
  name: "refreshToken",
  signIn: true,
  method: "POST",
  path: "/user/refresh-token",
  body: RefreshRequest,
  answer: RenewedSessionAnswer,
  access: "public",
  summary:
    "Exchange the refresh token for a new access token (15 minutes) and a new refresh token; the one given is retired. Never past the sign-in's 2 hours. A retired token presented again (after a 2-minute grace for tabs refreshing together) revokes the whole sign-in: 401, recorded as user.refreshTokenReused",
})

export const authEndpoints = [login, resetPasswordLink, resetPassword, updateCurrentPassword, getProfile, logout, logoutOtherDevices, refreshToken]
