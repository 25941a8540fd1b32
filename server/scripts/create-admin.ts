import { parseArgs } from "node:util"
import { DecodeError } from "../../src/api/contract/decode.ts"
import { loadConfig } from "../config.ts"
import { createFirstAdmin, decodeAdminInput, type AdminInput } from "../services/ops/first-admin.ts"
import { openConfiguredDatabase, runScript, UsageError } from "./script-database.ts"
import { askSecret } from "./terminal.ts"

const USAGE = `Usage: npm run create-admin -- [--name "Full Name"] [--email admin@example.com] [--force]
  Name and email also come from ADMIN_NAME and ADMIN_EMAIL; the password from ADMIN_PASSWORD,
  else it is asked on the terminal (not echoed). Works on DATABASE_URL, else the embedded database in DATA_DIR.
  --force  add an Admin although one exists, or make the account with this email an Admin with this password.`

/** `npm run create-admin`: see USAGE. */
await runScript(async () => {
  const { values } = parseArgs({
    options: { name: { type: "string" }, email: { type: "string" }, force: { type: "boolean", default: false }, help: { type: "boolean", default: false } },
    strict: true,
  })
  if (values.help) return void process.stdout.write(`${USAGE}\n`)
  const input = await readInput(values.name ?? process.env.ADMIN_NAME, values.email ?? process.env.ADMIN_EMAIL)
  const config = loadConfig()
  const database = await openConfiguredDatabase(config)
  try {
    const outcome = await createFirstAdmin(database.db, input, { force: values.force })
    const what = outcome === "created" ? "Admin created" : "Existing account is now an Admin with the new password"
    process.stdout.write(`${what}: ${input.name} <${input.email}>. Sign in at ${config.publicUrl}/login\n`)
  } finally {
    await database.close()
  }
})

async function readInput(name: string | undefined, email: string | undefined): Promise<AdminInput> {
  if (!name || !email) throw new UsageError(`A name and an email are needed.\n${USAGE}`)
  let password = process.env.ADMIN_PASSWORD
  if (!password) {
    password = await askSecret(`Password for ${email}: `)
    if (!password) throw new UsageError("No password: set ADMIN_PASSWORD, pipe it on stdin, or run this in a terminal to be asked.")
    if (process.stdin.isTTY && (await askSecret("Repeat the password: ")) !== password) throw new UsageError("The passwords do not match.")
  }
  try {
    return decodeAdminInput({ name, email, password })
  } catch (error) {
    throw error instanceof DecodeError ? new UsageError(error.message) : error
  }
}
