import { existsSync, readdirSync } from "node:fs"
import { join, relative, sep } from "node:path"
import fastifyStatic from "@fastify/static"
import type { FastifyInstance, FastifyRequest } from "fastify"

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
      // The route is ours (below): the plugin only sends a file it is given.
      serve: false,
      // The build writes .br and .gz beside each file (scripts/vite-precompress.ts); sent when accepted.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Hashed assets never change; index.html must always be fresh.
        reply.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache")
      },
    })
    // The build does not change while the server runs: its files are listed once, and a request is answered from
    // the list. The plugin's own catch-all route checked each request's spelling against the disk instead, listing
    // every folder on the path (the assets folder holds some 600 files with their .br and .gz) once per encoding it
    // tried: a fifth of the server's processor time while a browser loaded the console. One route per file, the
    // plugin's other way, was a fifth of the start. A path served is one the build wrote, spelled exactly so.
    const files = buildFiles(distDir)
    app.route({
      method: ["GET", "HEAD"],
      url: "/*",
      handler: (request, reply) => {
        const path = filePathOf(request)
        return path !== null && files.has(path) ? reply.sendFile(path) : reply.callNotFound()
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

/** Every file of the build, as the path part of its address (`assets/app-abc123.js`; `index.html` for `/`). */
function buildFiles(distDir: string): Set<string> {
  const files = new Set<string>()
  for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) files.add(relative(distDir, join(entry.parentPath, entry.name)).split(sep).join("/"))
  return files
}

/** The file a request's path names, relative to the build (`/` is index.html), or null for a path no file can have. */
function filePathOf(request: FastifyRequest): string | null {
  const raw = request.url.split("?")[0]!
  let path: string
  try {
    path = decodeURIComponent(raw)
  } catch {
    return null
  }
  return path === "/" ? "index.html" : path.slice(1)
}
