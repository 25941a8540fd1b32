import { createConnection, createServer, type Server } from "node:net"
import { afterAll, describe, expect, it } from "vitest"
import { freePort } from "../fixtures/free-port.ts"
import { type Instance, startInstance, stopInstance } from "./server-instances.ts"
import { skipWhenMissing } from "../fixtures/dependency.ts"
import { createDatabase, dropDatabase, postgresUnreachable, uniqueDatabaseName } from "../fixtures/postgres-databases.ts"

/**
 * A server started while its PostgreSQL is not answering yet (both started by one boot, or a busy machine
 * that lets a first connection miss its 800 ms) waits for it, retrying, instead of exiting.
 */
const PG_URL = process.env.OPS_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"
const DB_NAME = uniqueDatabaseName("console_ops_late")

const skip = skipWhenMissing(await postgresUnreachable(PG_URL), "the late-database test")
if (!skip) await createDatabase(PG_URL, DB_NAME)

let instance: Instance | undefined
let proxy: Server | undefined
afterAll(async () => {
  await stopInstance(instance)
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(null)))
  if (skip) return
  await dropDatabase(PG_URL, DB_NAME)
})

describe.skipIf(skip)("a database that answers only after the server started", () => {
  it("is waited for: the server says so, then becomes ready on it", async () => {
    const target = new URL(PG_URL)
    const port = await freePort()
    const url = new URL(PG_URL)
    url.host = `127.0.0.1:${port}`
    url.pathname = `/${DB_NAME}`
    // Nothing listens on the port (every connection is refused) until the server says it is waiting for its
    // database, however long its start takes on a busy machine; then the port forwards to PostgreSQL.
    const listen = () => {
      proxy ??= createServer((socket) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) })
        socket.pipe(upstream).pipe(socket)
        socket.on("error", () => upstream.destroy())
        upstream.on("error", () => socket.destroy())
      }).listen(port, "127.0.0.1")
    }
    let printed = ""
    instance = await startInstance(
      "late",
      {
        DATABASE_URL: url.toString(),
        REDIS_URL: "",
        JWT_SECRET: "ops-test-secret-late-database-0123456789abcdef",
        LOG_LEVEL: "info",
        SMTP_URL: "",
        HOST: "127.0.0.1",
      },
      (chunk) => {
        printed += chunk
        if (printed.includes("waiting for the database")) listen()
      },
    )
    expect(proxy, "the database was reachable only after the server said it waits for it").toBeDefined()
    expect(instance.output.some((line) => line.includes("waiting for the database"))).toBe(true)
    const ready = await fetch(`${instance.url}/readyz`)
    expect(ready.status).toBe(200)
  }, 90_000)
})
