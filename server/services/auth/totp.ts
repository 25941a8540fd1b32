import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto"

/** RFC 6238 with the parameters every authenticator app assumes: HMAC-SHA1, 30-second steps, 6 digits. */
export const STEP_SECONDS = 30
export const DIGITS = 6
/** One step either side: a code typed just before it changed, or a phone clock a little off, still works. */
export const WINDOW = 1

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ""
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = ALPHABET.indexOf(char)
    if (index < 0) throw new Error("not base32")
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** 160 bits, the HMAC-SHA1 key length RFC 4226 recommends. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20))

export const stepAt = (ms: number): number => Math.floor(ms / 1000 / STEP_SECONDS)

/** RFC 4226 HOTP of one counter value: dynamic truncation of the HMAC, zero-padded. */
export function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS
  return binary.toString().padStart(DIGITS, "0")
}

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
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const query = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: String(DIGITS), period: String(STEP_SECONDS) })
  return `otpauth://totp/${label}?${query.toString()}`
}

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
