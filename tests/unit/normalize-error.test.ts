import { describe, expect, it } from "vitest"
import { normalizeServerError } from "../../src/api/normalize-error.ts"

describe("normalizeServerError (spec section 8)", () => {
  it("uses a JSON body's message", () => {
    expect(normalizeServerError({ success: false, message: "User does not exist." })).toBe("User does not exist.")
  })

  it("reduces an HTML error page to the first line of its pre block without 'Error:'", () => {
    const html = "<!DOCTYPE html><html><body><pre>Error: Cannot read property &#39;x&#39; of undefined<br> &nbsp;at foo (bar.js:1)</pre></body></html>"
    expect(normalizeServerError(html)).toBe("Cannot read property 'x' of undefined")
  })

  it("says 'An unknown error occurred.' for an HTML page without a pre block", () => {
    expect(normalizeServerError("<html><body><h1>502 Bad Gateway</h1></body></html>")).toBe("An unknown error occurred.")
  })

  it("drops the 'Error:' prefix of plain text", () => {
    expect(normalizeServerError("Error: Token expired")).toBe("Token expired")
    expect(normalizeServerError("Service unavailable")).toBe("Service unavailable")
  })

  it("falls back to 'An error occurred.'", () => {
    expect(normalizeServerError(undefined)).toBe("An error occurred.")
    expect(normalizeServerError("")).toBe("An error occurred.")
    expect(normalizeServerError({ message: "" })).toBe("An error occurred.")
    expect(normalizeServerError(42)).toBe("An error occurred.")
  })
})
