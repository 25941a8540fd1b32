import { createServer } from "node:http"

/**
 * The baseline of every load figure: a bare `node:http` server answering a small JSON body, started
 * as its own process in the same run as the real server. Prints its port on stdout once listening.
 */
const body = JSON.stringify({ success: true, message: "hello world" })
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) })
  response.end(body)
})
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address()
  process.stdout.write(`${typeof address === "object" && address ? address.port : ""}\n`)
})
process.on("SIGTERM", () => server.close(() => process.exit(0)))
