import { MessageAnswer } from "../common.ts"
import { endpoint } from "../endpoint.ts"
import {
  DisableTwoFactorRequest,
  EnableTwoFactorAnswer,
  EnableTwoFactorRequest,
  SecuritySettings,
  SecuritySettingsAnswer,
  TwoFactorLoginRequest,
  TwoFactorSetupAnswer,
  TwoFactorStatusAnswer,
} from "./two-factor.ts"
import { LoginAnswer } from "./user.ts"

export const loginTwoFactor = endpoint({
  name: "loginTwoFactor",
  signIn: true,
  method: "POST",
  path: "/user/login/two-factor",
  body: TwoFactorLoginRequest,
  answer: LoginAnswer,
  access: "public",
  summary: "Second sign-in step: the login's challenge token and an authenticator or recovery code give the tokens (limited like logins)",
  refusals: { 429: "Too many wrong codes for this account" },
})

export const getTwoFactor = endpoint({
  name: "getTwoFactor",
  method: "GET",
  path: "/user/two-factor",
  answer: TwoFactorStatusAnswer,
  access: "signedIn",
  summary: "Whether the signed-in person's two-factor sign-in is on, and whether it is required of them",
})

export const startTwoFactor = endpoint({
  name: "startTwoFactor",
  signIn: true,
  method: "POST",
  path: "/user/two-factor/setup",
  answer: TwoFactorSetupAnswer,
  access: "signedIn",
  summary: "Start enrolment: a new TOTP secret, its otpauth URI and QR code; nothing changes at sign-in until confirmed",
  refusals: { 409: "Two-factor sign-in is already on" },
})

export const enableTwoFactor = endpoint({
  name: "enableTwoFactor",
  signIn: true,
  method: "POST",
  path: "/user/two-factor/enable",
  body: EnableTwoFactorRequest,
  answer: EnableTwoFactorAnswer,
  access: "signedIn",
  summary: "Confirm enrolment with a first code; answers the recovery codes once. Records user.totp.enabled",
  refusals: { 409: "The set-up was not started, or two-factor sign-in is already on" },
})

export const disableTwoFactor = endpoint({
  name: "disableTwoFactor",
  signIn: true,
  method: "POST",
  path: "/user/two-factor/disable",
  body: DisableTwoFactorRequest,
  answer: MessageAnswer,
  access: "signedIn",
  summary: "Turn two-factor off with the password and a current code; refused for an Admin while it is required. Records user.totp.disabled",
  refusals: { 409: "Two-factor sign-in is not on, or an Admin must keep it" },
})

export const getSecuritySettings = endpoint({
  name: "getSecuritySettings",
  method: "GET",
  path: "/settings/security",
  answer: SecuritySettingsAnswer,
  access: ["Admin"],
  summary: "The sign-in security settings",
})

export const updateSecuritySettings = endpoint({
  name: "updateSecuritySettings",
  method: "PUT",
  path: "/settings/security",
  body: SecuritySettings,
  answer: SecuritySettingsAnswer,
  access: ["Admin"],
  summary: "Require (or not) two-factor sign-in for Admin accounts. Records settings.security.changed",
})

export const twoFactorEndpoints = [loginTwoFactor, getTwoFactor, startTwoFactor, enableTwoFactor, disableTwoFactor, getSecuritySettings, updateSecuritySettings]
