import { chmodSync, mkdirSync, rmSync } from "node:fs"
import { createConnection, createServer } from "node:net"
import { join, resolve } from "node:path"

/**
 * Online backups of the embedded database. One process may open a data directory (data-dir-lock.ts), so
 * `npm run backup` cannot read it while its server runs; it asks that server for a copy instead, over a
 * Unix socket inside the data directory. The server answers with a snapshot taken between two of its
 * statements (OpenDatabase.dump: a checkpoint, then PGlite's tarball of the data directory), and the
 * backup reads every table from that copy. The server's requests wait only while the tarball is made
 * (about 0.2 s for the demo data's 40 MB), and nothing of the live directory is read by another process.
 *
 * The socket sits in a folder only the server's user may enter (0700): whoever can connect could read the
 * data directory anyway.
 *
 * Answer: one line of JSON, `{"bytes":N}` then the N bytes of the tarball, or `{"error":"…"}`.
 */
const controlFolder = (dataDir: string) => join(resolve(dataDir), "control")
export const snapshotSocketPath = (dataDir: string) => join(controlFolder(dataDir), "backup.sock")

/** Linux keeps at most 107 bytes of a socket's path. */
const MAX_SOCKET_PATH = 107

export interface SnapshotServer {
  close(): Promise<void>
}

/** Serves snapshots of the database to `npm run backup`; never fails the server (a warning instead). */
export async function serveSnapshots(dataDir: string, snapshot: () => Promise<Uint8Array>, warn: (message: string) => void): Promise<SnapshotServer> {
  const path = snapshotSocketPath(dataDir)
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    warn(`online backups are off: the path of their socket (${path}) is longer than ${MAX_SOCKET_PATH} bytes; stop the server to back it up`)
    return { close: async () => {} }
  }
  const folder = controlFolder(dataDir)
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  chmodSync(folder, 0o700)
  // Left by a server that was killed: this process holds the data directory's lock, so it is no one's.
  rmSync(path, { force: true })
  const server = createServer((socket) => {
    socket.on("error", () => {}) // a backup that went away mid-answer
    snapshot().then(
      (bytes) => {
        socket.write(`${JSON.stringify({ bytes: bytes.length })}\n`)
        socket.end(bytes)
      },
      (error: unknown) => socket.end(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`),
    )
  })
  try {
    await new Promise<void>((done, fail) => {
      server.once("error", fail)
      server.listen(path, () => {
        server.off("error", fail)
        done()
      })
    })
  } catch (error) {
    warn(`online backups are off: ${error instanceof Error ? error.message : String(error)}`)
    return { close: async () => {} }
  }
  return {
    close: () =>
      new Promise<void>((done) =>
        server.close(() => {
          rmSync(path, { force: true })
          done()
        }),
      ),
  }
}

/** A snapshot of the database that the server holding `dataDir` serves (see serveSnapshots). */
export function fetchSnapshot(dataDir: string, holder: number): Promise<Uint8Array<ArrayBuffer>> {
  const path = snapshotSocketPath(dataDir)
  return new Promise((done, fail) => {
    const chunks: Buffer[] = []
    const socket = createConnection(path)
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    socket.on("error", (error: NodeJS.ErrnoException) =>
      fail(
        new Error(
          error.code === "ENOENT" || error.code === "ECONNREFUSED"
            ? `The server that holds ${dataDir} (pid ${holder}) offers no online backup (${error.code}: it predates them, or the path is too long for a socket). Stop it, then run the backup again.`
            : `Could not ask the server that holds ${dataDir} (pid ${holder}) for a copy: ${error.message}`,
        ),
      ),
    )
    socket.on("end", () => {
      try {
        done(readAnswer(Buffer.concat(chunks)))
      } catch (error) {
        fail(error)
      }
    })
  })
}

function readAnswer(all: Buffer<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const newline = all.indexOf(10)
  if (newline < 0) throw new Error("The server closed the connection without a copy of its database")
  const head = JSON.parse(all.subarray(0, newline).toString("utf8")) as { bytes?: number; error?: string }
  if (head.error) throw new Error(`The server could not copy its database: ${head.error}`)
  const body = all.subarray(newline + 1)
  if (body.length !== head.bytes) throw new Error(`The server's copy of its database arrived incomplete (${body.length} of ${head.bytes} bytes)`)
  return new Uint8Array(body.buffer, body.byteOffset, body.length)
}
