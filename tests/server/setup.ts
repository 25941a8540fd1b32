import { afterEach } from "vitest"
import { beginTestFile, violations } from "./openapi-validator.ts"

// Run before each test file (the setup file is), so no file inherits another's explanations.
beginTestFile()

/** A test whose requests broke the API document (tests/server/openapi-validator.ts) fails, naming each break. */
afterEach(() => {
  if (!violations.length) return
  const found = violations.splice(0)
  const lines = [...new Set(found.map((v) => `${v.operation}: ${v.problem}`))]
  throw new Error(`The API document and the server disagree (${found.length}):\n${lines.join("\n")}`)
})
