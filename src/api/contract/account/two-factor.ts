import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { NonEmptyTrimmed } from "../common.ts"

/** A 6-digit authenticator code, or a recovery code (`xxxxx-xxxxx`) at sign-in. */
export const TwoFactorCode = trimmedText({ required: true, max: 32 })

export const TwoFactorStatus = Schema.Struct({
  enabled: Schema.Boolean,
  /** Unused recovery codes left (0 when two-factor is off). */
  recoveryCodesLeft: Schema.Int,
  /** True for an Admin while the Admin requires two-factor for Admin accounts. */
  required: Schema.Boolean,
})
export type TwoFactorStatus = typeof TwoFactorStatus.Type
export const TwoFactorStatusAnswer = Schema.Struct({ success: Schema.Boolean, data: TwoFactorStatus })

/** Shown once at the start of enrolment; the secret is only kept on the server after that. */
export const TwoFactorSetup = Schema.Struct({ secret: Schema.String, otpauthUri: Schema.String, qrCodeDataUrl: Schema.String })
export type TwoFactorSetup = typeof TwoFactorSetup.Type
export const TwoFactorSetupAnswer = Schema.Struct({ success: Schema.Boolean, message: Schema.String, data: TwoFactorSetup })

export const EnableTwoFactorRequest = Schema.Struct({ code: TwoFactorCode })
/** The recovery codes go out once, here; the database keeps only their hashes. */
export const EnableTwoFactorAnswer = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.String,
  data: Schema.Struct({ recoveryCodes: Schema.Array(Schema.String) }),
})
export type EnableTwoFactorAnswer = typeof EnableTwoFactorAnswer.Type

export const DisableTwoFactorRequest = Schema.Struct({
  password: Schema.String.check(Schema.isNonEmpty({ message: "is required" })),
  code: TwoFactorCode,
})

export const TwoFactorLoginRequest = Schema.Struct({ challengeToken: NonEmptyTrimmed, code: TwoFactorCode })

export const SecuritySettings = Schema.Struct({ requireAdminTwoFactor: Schema.Boolean })
export type SecuritySettings = typeof SecuritySettings.Type
export const SecuritySettingsAnswer = Schema.Struct({ success: Schema.Boolean, data: SecuritySettings })
