import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiResources } from "../../src/api/contract/endpoints.ts"
import { buildOpenApiDocument } from "../../server/docs/openapi-document.ts"

/** The API document passes both common OpenAPI linters with no error and no warning (issue 32). */
const root = fileURLToPath(new URL("../..", import.meta.url))
let dir: string
let file: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "openapi-lint-"))
  file = join(dir, "openapi.json")
  writeFileSync(file, JSON.stringify(buildOpenApiDocument(apiResources, { uploadBytes: 5 * 1024 * 1024 }), null, 2))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs a linter; its whole report is the failure message when it finds anything. */
function lint(bin: string, args: string[]): { code: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [join(root, "node_modules", bin), ...args], {
      cwd: root,
      encoding: "utf8",
      stdio: "pipe",
      env: { ...process.env, NO_COLOR: "1" },
    })
    return { code: 0, output }
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string }
    return { code: failed.status ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` }
  }
}

describe("the API document under the linters", () => {
  it("passes Redocly's recommended rules: no error, no warning", () => {
    const { code, output } = lint("@redocly/cli/bin/cli.js", ["lint", file, "--config", join(root, "redocly.yaml"), "--format", "summary"])
    expect(code, output).toBe(0)
    expect(output, output).not.toMatch(/warning|error [a-z]/i)
  }, 60_000)

  it("passes Spectral's OpenAPI rules: no error, no warning", () => {
    const { code, output } = lint("@stoplight/spectral-cli/dist/index.js", ["lint", file, "--ruleset", join(root, ".spectral.yaml"), "--fail-severity", "hint"])
    expect(code, output).toBe(0)
    expect(output, output).toMatch(/No results with a severity of 'hint' or higher found!|No results/)
  }, 60_000)
})
