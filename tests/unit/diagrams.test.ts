import { readdirSync, readFileSync } from "node:fs"
import { basename, join } from "node:path"
import { describe, expect, it } from "vitest"
import { reviewList as reviewListCall } from "../../src/api/contract/vendors/vendors.endpoints.ts"
import { callOf } from "../../src/machines/call-actor.ts"
import { machineDoc } from "../../src/machines/diagram/machine-doc.ts"
import { readMachine } from "../../src/machines/diagram/machine-graph.ts"
import { toMermaid } from "../../src/machines/diagram/mermaid.ts"
import { machineRegistry } from "../../src/machines/registry.ts"

const dir = join(import.meta.dirname, "..", "..", "docs", "machines")

describe("state diagrams", () => {
  it("cover every machine: each src/machines/[<resource>/]<file>.machine.ts has at least one registered entry", () => {
    const files = readdirSync(join(import.meta.dirname, "..", "..", "src", "machines"), { recursive: true, encoding: "utf8" })
      // form/ holds the form primitive and bulk-action the lists' bulk bar, each of whose uses has an entry of its own.
      .filter((n) => n.endsWith(".machine.ts") && !n.startsWith("form/") && n !== "bulk-action.machine.ts")
      .map((n) => basename(n, ".machine.ts"))
    expect(files.sort()).toEqual([...new Set(machineRegistry.map((e) => e.file ?? e.id))].sort())
  })

  it("are fresh: docs/machines matches the machines (run `npm run diagrams` after changing one)", () => {
    for (const entry of machineRegistry) {
      expect(readFileSync(join(dir, `${entry.id}.md`), "utf8"), `${entry.id}.md is stale`).toBe(machineDoc(entry))
    }
    const files = readdirSync(dir).filter((n) => n.endsWith(".md") && n !== "README.md")
    expect(files.sort()).toEqual(machineRegistry.map((e) => `${e.id}.md`).sort())
  })

  it("draw the session's 2-hour delay, guards by name and the three ways out", () => {
    const auth = machineRegistry.find((e) => e.id === "auth")!
    const diagram = toMermaid(auth.machine, { delayLabels: auth.delayLabels })
    expect(diagram).toContain("auth_signedIn --> auth_signedOut : after 2 h (from sign-in)")
    expect(diagram).toContain("auth_signedIn --> auth_signingOut : auth.logout")
    expect(diagram).toContain("auth_signingOut --> auth_signedOut : endServerSession error")
    expect(diagram).toContain("auth_signedIn --> auth_signedOut : auth.unauthorized")
    expect(diagram).toContain("auth_restoring --> auth_signedIn : always [hasLiveSession]")
  })

  it("say who may fire a transition from the contract's access rule", () => {
    const login = machineRegistry.find((e) => e.id === "login")!
    expect(machineDoc(login)).toContain("| login.submitting | signIn done |  | login.signedIn | anyone (POST /user/login) |")
  })

  it("name the call an actor makes from the machine itself (fromCall), which the registry neither restates nor names for a transition that is not there", () => {
    const reviewList = machineRegistry.find((e) => e.id === "review-list")!
    const statusChanges = machineRegistry.find((e) => e.id === "review-status-changes")!
    expect(reviewList.firedBy).toBeUndefined()
    expect(machineDoc(statusChanges)).toContain("| updating | updateStatus done |  | answered | Admin (PATCH /user/updateUser) |")
    expect(callOf(reviewList.machine, "fetchPage")).toBe(reviewListCall)
    for (const entry of machineRegistry) {
      const { edges } = readMachine(entry.machine)
      for (const key of Object.keys(entry.firedBy ?? {})) {
        expect(
          edges.some((e) => e.trigger === key || e.event === key),
          `${entry.id}: "${key}" names no transition`,
        ).toBe(true)
        const actor = /^(\S+) (done|error)$/.exec(key)?.[1]
        expect(actor && callOf(entry.machine, actor), `${entry.id}: "${key}" restates its actor's call`).toBeFalsy()
      }
    }
  })

  it("name both calls of an actor that makes one of two (a form that adds or updates, a step asked for or taken)", () => {
    const blogForm = machineRegistry.find((e) => e.id === "blog-form")!
    expect(blogForm.firedBy).toBeUndefined()
    const doc = machineDoc(blogForm)
    expect(doc).toContain("| submit done |  | succeeded | Admin, Editor (POST /blog/create), or Admin, Editor (PATCH /blog/update/:id) |")
    expect(doc).toContain("load done")
    expect(doc).not.toContain("the server's answer")
    const reschedule = machineRegistry.find((e) => e.id === "reschedule-session")!
    expect(machineDoc(reschedule)).toContain("(POST /counselling/session/:id/reschedule), or User (POST /counselling/session/:id/reschedule-request) |")
  })

  it("mark final states and highlight the current one", () => {
    const login = machineRegistry.find((e) => e.id === "login")!
    const diagram = toMermaid(login.machine, { highlight: ["login.login.editing"] })
    expect(diagram).toContain("login_login_signedIn --> [*]")
    expect(diagram).toContain("class login_login_editing current")
  })
})
