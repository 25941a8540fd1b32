import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import { afterAll, expect, it } from "vitest"
import { snapshotSocketPath } from "../../server/db/snapshot-socket.ts"
import { seedDemo } from "../../server/scripts/demo-seed.ts"
import { login, raiseTicket, request, startServer, type ServerProcess } from "../fixtures/real-server.ts"
import { runServerScript, scriptTarget } from "./script-runner.ts"

const pgUrl = process.env.TEST_DATABASE_URL
const work = mkdtempSync(join(tmpdir(), "console-online-backup-"))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/**
 * Issue 42: `npm run backup` while the server runs and writes go on. On the embedded database the
 * server holds the data directory, so the backup reads a copy the server takes between two statements
 * (server/db/snapshot-socket.ts); on PostgreSQL it reads one snapshot. Either way the copy is a moment of
 * the database: every write answered before the backup began is in it, and the writes in it are the
 * first ones answered, with no gap.
 */
it(
  `backs up while the server runs and takes writes, and the restore brings back each write answered before it, with no gap (${pgUrl ? "PostgreSQL" : "embedded"})`,
  { timeout: 180_000 },
  async () => {
    const from = await scriptTarget()
    const to = await scriptTarget()
    let server: ServerProcess | undefined
    try {
      const seeded = await from.open()
      await seedDemo(seeded.db)
      await seeded.close()
      server = await startServer(from.env)
      // The socket sits in a folder only the server's own user may enter.
      if (!pgUrl) expect(statSync(join(from.env.DATA_DIR!, "control")).mode & 0o777).toBe(0o700)
      const url = server.url
      const token = await login(url, "user@demo.test")
      const ticket = await raiseTicket(url, token, "Online backup")
      const answered: number[] = []
      const refused: string[] = []
      const stopWriting = new AbortController()
      const writer = (async () => {
        for (let i = 0; !stopWriting.signal.aborted; i++) {
          const answer = await request(false, url, {
            method: "POST",
            path: "/api/v1/userQuery/addResponse",
            token,
            body: { queryId: ticket, question: `Write ${i}` },
          })
          if (answer.status === 200) answered.push(i)
          else refused.push(`${answer.status} ${answer.body}`)
        }
      })()
      await expect.poll(() => answered.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20)

      const before = answered.length
      const file = join(work, "online.backup.jsonl.gz")
      const backup = await runServerScript("backup", [file], from.env)
      const during = answered.length - before
      stopWriting.abort()
      await writer
      expect(backup.code, backup.stderr).toBe(0)
      if (!pgUrl) expect(backup.stdout).toMatch(/^The server \(pid \d+\) holds .*: backing up the copy it takes of its database\.\n/)
      expect(backup.stdout).toMatch(/Backup written to .*online\.backup\.jsonl\.gz \(\d+ KiB\): \d+ tables, \d+ rows, 0 uploads\.\n$/)
      // The server went on answering: no write was refused, and writes were answered while the backup ran.
      expect(refused).toEqual([])
      expect(during).toBeGreaterThan(0)
      await server.stop()
      if (!pgUrl) expect(existsSync(snapshotSocketPath(from.env.DATA_DIR!))).toBe(false)

      const restore = await runServerScript("restore", [file], to.env)
      expect(restore.code, restore.stderr).toBe(0)
      const restored = await to.open()
      try {
        const { rows } = await sql<{ question: string }>`select question from ticket_responses where ticket_id = ${ticket} and question like 'Write %'`.execute(
          restored.db,
        )
        const writes = rows.map((r) => Number(r.question.slice("Write ".length))).sort((a, b) => a - b)
        expect(writes.length).toBeGreaterThanOrEqual(before)
        expect(writes).toEqual(answered.slice(0, writes.length))
      } finally {
        await restored.close()
      }
    } finally {
      await server?.stop()
      await from.cleanup()
      await to.cleanup()
    }
  },
)
