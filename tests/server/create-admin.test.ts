import { spawn } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { verifyPassword } from "../../server/services/auth/passwords.ts"
import { runServerScript, scriptCommand, scriptTarget, type ScriptTarget } from "./script-runner.ts"

let target: ScriptTarget
beforeAll(async () => {
  target = await scriptTarget()
})
afterAll(() => target.cleanup())

const createAdmin = (args: string[], env: Record<string, string> = {}, input?: string) =>
  runServerScript("create-admin", args, { ...target.env, ...env }, input)

async function readBack() {
  const database = await target.open()
  try {
    const users = await database.db.selectFrom("users").selectAll().orderBy("created_at").execute()
    const events = await database.db.selectFrom("events").selectAll().orderBy("id").execute()
    return { users, events }
  } finally {
    await database.close()
  }
}

// Each case starts real processes (about 3 s each on a busy machine).
describe("npm run create-admin", { timeout: 120_000 }, () => {
  it("creates the first Admin on an empty database from ADMIN_NAME, ADMIN_EMAIL and ADMIN_PASSWORD, with its event", async () => {
    const run = await createAdmin([], { ADMIN_NAME: "Olga Operator", ADMIN_EMAIL: "olga@example.com", ADMIN_PASSWORD: "Strong-pass-1" })
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    expect(run.stdout).toContain("Admin created: Olga Operator <olga@example.com>")
    const { users, events } = await readBack()
    expect(users.map((u) => [u.name, u.email, u.role, u.status])).toEqual([["Olga Operator", "olga@example.com", "Admin", "Approve"]])
    expect(await verifyPassword(users[0]!.password_hash, "Strong-pass-1")).toBe(true)
    expect(events.map((e) => [e.type, e.entity_id, e.actor_id])).toEqual([["user.created", users[0]!.id, null]])
    expect(JSON.stringify(events[0]!.after)).not.toContain("Strong-pass-1")
    expect(JSON.stringify(events[0]!.after)).not.toContain(users[0]!.password_hash)
  })

  it("refuses a second Admin without --force, changing nothing", async () => {
    const run = await createAdmin(["--name", "Second", "--email", "second@example.com"], { ADMIN_PASSWORD: "Strong-pass-2" })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("An Admin already exists (olga@example.com). Run again with --force")
    expect((await readBack()).users).toHaveLength(1)
  })

  it("refuses bad input naming the field, and a missing password when there is no terminal", async () => {
    const [short, email, none, missing] = await Promise.all([
      createAdmin(["--name", "N", "--email", "n@example.com", "--force"], { ADMIN_PASSWORD: "short" }),
      createAdmin(["--name", "N", "--email", "not-an-email", "--force"], { ADMIN_PASSWORD: "Strong-pass-3" }),
      createAdmin(["--name", "N", "--email", "n@example.com", "--force"]),
      createAdmin([], { ADMIN_PASSWORD: "Strong-pass-3" }),
    ])
    expect(short.code).toBe(2)
    expect(short.stderr).toContain("password: must be at least 8 characters")
    expect(email.code).toBe(2)
    expect(email.stderr).toContain("email: must be a valid email address")
    expect(none.code).toBe(2)
    expect(none.stderr).toContain("No password: set ADMIN_PASSWORD")
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain("A name and an email are needed")
    expect((await readBack()).users).toHaveLength(1)
  })

  it("with --force adds another Admin, reading the password from a pipe", async () => {
    const run = await createAdmin(["--name", "Piped Admin", "--email", "piped@example.com", "--force"], {}, "Piped-pass-44\n")
    expect(run.code).toBe(0)
    const { users } = await readBack()
    const piped = users.find((u) => u.email === "piped@example.com")
    expect(piped?.role).toBe("Admin")
    expect(await verifyPassword(piped!.password_hash, "Piped-pass-44")).toBe(true)
  })

  it("with --force turns an existing account into an Admin with the new password, and records before → after", async () => {
    const run = await createAdmin(["--name", "Olga Restored", "--email", "OLGA@example.com", "--force"], { ADMIN_PASSWORD: "Recovered-pass-5" })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain("Existing account is now an Admin with the new password")
    const { users, events } = await readBack()
    const olga = users.find((u) => u.email === "olga@example.com")!
    expect(olga.name).toBe("Olga Restored")
    expect(await verifyPassword(olga.password_hash, "Recovered-pass-5")).toBe(true)
    const event = events.at(-1)!
    expect([event.type, event.entity_id]).toEqual(["user.madeAdmin", olga.id])
    // The event carries the fields that changed (here the name); the reset password, a secret, only by the event's type.
    expect(event.before).toMatchObject({ name: "Olga Operator" })
    expect(event.after).toMatchObject({ name: "Olga Restored" })
    expect(JSON.stringify(event)).not.toContain("argon2")
  })

  it("asks for the password on a terminal without echoing it", async () => {
    // `script` gives the command a real pseudo-terminal; the password is typed once the prompt shows.
    const command = [process.execPath, ...scriptCommand("create-admin"), "--name", "'Tty Admin'", "--email", "tty@example.com", "--force"].join(" ")
    const child = spawn("script", ["-qec", command, "/dev/null"], { env: { ...process.env, ...target.env, ADMIN_PASSWORD: "", TEST_DATABASE_URL: "" } })
    let output = ""
    const typed = new Set<string>()
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      for (const prompt of ["Password for tty@example.com:", "Repeat the password:"]) {
        if (output.includes(prompt) && !typed.has(prompt)) {
          typed.add(prompt)
          child.stdin.write("Typed-secret-77\r")
        }
      }
    })
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
    expect(output).toContain("Admin created: Tty Admin <tty@example.com>")
    expect(output).not.toContain("Typed-secret-77")
    expect(code).toBe(0)
    const { users } = await readBack()
    expect(await verifyPassword(users.find((u) => u.email === "tty@example.com")!.password_hash, "Typed-secret-77")).toBe(true)
  })
})
