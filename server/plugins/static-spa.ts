import { existsSync } from "node:fs"
import { join } from "node:path"
import fastifyStatic from "@fastify/static"
import type { FastifyInstance } from "fastify"

/**
 * Serves the built console; any unknown GET outside /api and /uploads gets index.html so client routes
 * load. An unknown upload (a private one asked by path, a name that was never stored) is a plain 404:
 * answering it with the console's page said 200 to a file that is not there.
 */
export async function registerStaticSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, "index.html"))
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // One route for every file, looked up on request: listing the build's files (some 600 with their
      // .br and .gz) to register a route each was a fifth of the start. A missing file reaches the
      // not-found handler below, as an unregistered path did.
      wildcard: true,
      // The build writes .br and .gz beside each file (scripts/vite-precompress.ts); sent when accepted.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Hashed assets never change; index.html must always be fresh.
        reply.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache")
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/uploads/") && hasBuild) {
      return reply.header("cache-control", "no-cache").sendFile("index.html")
    }
    return reply.status(404).send({ success: false, message: `Not found: ${request.method} ${request.url.split("?")[0]}` })
  })
}
