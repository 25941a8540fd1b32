import { describe, expect, it } from "vitest"
import {
  base32Decode,
  base32Encode,
  codeAt,
  hashRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  stepAt,
} from "../../server/services/auth/totp.ts"

// RFC 6238 appendix B, SHA-1 rows; the 6-digit code is the last 6 digits of the 8-digit one.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"))
const vectors: Array<[number, string]> = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
]

describe("TOTP (RFC 6238)", () => {
  it.each(vectors)("at %i s the code is %s", (seconds, code) => {
    expect(codeAt(RFC_SECRET, stepAt(seconds * 1000))).toBe(code)
  })

  it("round-trips base32 and makes 160-bit secrets", () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Encode(base32Decode(secret))).toBe(secret)
    expect(base32Decode(RFC_SECRET).toString()).toBe("12345678901234567890")
  })

  it("accepts one step either side, not two, and never a step already used", () => {
    const now = 1_700_000_000_000
    const step = stepAt(now)
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step), now, null)).toBe(step)
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step - 1), now, null)).toBe(step - 1)
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step + 1), now, null)).toBe(step + 1)
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step - 2), now, null)).toBeNull()
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step + 2), now, null)).toBeNull()
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step), now, step)).toBeNull()
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, step + 1), now, step)).toBe(step + 1)
    for (const bad of ["", "12345", "1234567", "abcdef", " 123456"]) expect(matchingStep(RFC_SECRET, bad, now, null)).toBeNull()
  })

  it("writes the otpauth URI authenticator apps read", () => {
    const uri = new URL(otpauthUri("Console", "a+b@demo.test", RFC_SECRET))
    expect(uri.protocol).toBe("otpauth:")
    expect(uri.host).toBe("totp")
    expect(decodeURIComponent(uri.pathname)).toBe("/Console:a+b@demo.test")
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: RFC_SECRET, issuer: "Console", algorithm: "SHA1", digits: "6", period: "30" })
  })

  it("makes ten distinct recovery codes, hashed per user, typed in any case with or without the dash", () => {
    const codes = newRecoveryCodes()
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    const code = codes[0]!
    expect(hashRecoveryCode("u1", code.toUpperCase().replace("-", ""))).toBe(hashRecoveryCode("u1", code))
    expect(hashRecoveryCode("u2", code)).not.toBe(hashRecoveryCode("u1", code))
  })
})
