import * as api from "../contract/account/two-factor.endpoints.ts"
import { call } from "../client.ts"

export const getTwoFactor = async () => (await call(api.getTwoFactor)).data
export const startTwoFactor = async () => (await call(api.startTwoFactor)).data
export const enableTwoFactor = async (code: string) => (await call(api.enableTwoFactor, { body: { code } })).data.recoveryCodes
export const disableTwoFactor = (password: string, code: string) => call(api.disableTwoFactor, { body: { password, code } })
export const getSecuritySettings = async () => (await call(api.getSecuritySettings)).data
export const updateSecuritySettings = async (requireAdminTwoFactor: boolean) =>
  (await call(api.updateSecuritySettings, { body: { requireAdminTwoFactor } })).data
