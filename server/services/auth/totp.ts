import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import { HOTP, Secret, TOTP } from "otpauth"

/**
 * RFC 6238 with the parameters every authenticator app assumes: HMAC-SHA1, 30-second steps, 6 digits. The codes,
 * the base32 secrets and the otpauth:// URI come from `otpauth`; this module keeps the rules of our own around
 * them: the window, a step used once only, and each candidate compared in constant time.
 */
export const STEP_SECONDS = 30
export const DIGITS = 6
/** One step either side: a code typed just before it changed, or a phone clock a little off, still works. */
export const WINDOW = 1
const ALGORITHM = "SHA1"

export const base32Encode = (bytes: Uint8Array): string => new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32

/** Decodes a secret as people copy it: any case, with spaces, dashes or padding. */
export const base32Decode = (text: string): Buffer => Buffer.from(Secret.fromBase32(text.replace(/[\s=-]/g, "").toUpperCase()).bytes)

/** 160 bits, the HMAC-SHA1 key length RFC 4226 recommends. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

export const stepAt = (ms: number): number => Math.floor(ms / 1000 / STEP_SECONDS)

/** The code of one 30-second step (RFC 4226 HOTP of the step's counter). */
export const codeAt = (secret: string, step: number): string =>
  HOTP.generate({ secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, counter: step })

/**
 * The step a code belongs to, within the window around `ms` and after `lastStep` (a step already
 * used is never accepted again), or null. Every candidate is compared in constant time.
 */
export function matchingStep(secret: string, code: string, ms: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const now = stepAt(ms)
  let found: number | null = null
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    const same = timingSafeEqual(Buffer.from(codeAt(secret, step)), Buffer.from(code))
    if (same && found === null && (lastStep === null || step > lastStep)) found = step
  }
  return found
}

/** The otpauth:// URI authenticator apps read from the QR code (Key URI Format). */
export const otpauthUri = (issuer: string, account: string, secret: string): string =>
  new TOTP({ issuer, label: account, algorithm: ALGORITHM, digits: DIGITS, period: STEP_SECONDS, secret: Secret.fromBase32(secret) }).toString()

/** Ten single-use recovery codes like `k7p2x-9qm4d` (50 random bits each). */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = base32Encode(randomBytes(7)).toLowerCase().slice(0, 10)
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
}

/** Recovery codes are stored as hashes bound to their user; typed with or without the dash, any case. */
export const hashRecoveryCode = (userId: string, code: string): string =>
  createHash("sha256")
    .update(`${userId}:${code.replace(/[\s-]/g, "").toLowerCase()}`)
    .digest("hex")
