import { readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import type { Plugin } from "vite"

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, so the server sends them
 * with @fastify/static's `preCompressed` (no compression per request, no extra package). Uncompressed,
 * the sign-in screen's ~200 KB of gzip-sized JavaScript was ~700 KB on the wire (issue 9: Lighthouse).
 */
export function precompress(): Plugin {
  let outDir = "dist"
  return {
    name: "console-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name))
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name)
          const content = await readFile(path)
          if (content.length < 1024) return
          await writeFile(
            `${path}.br`,
            await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          )
          await writeFile(`${path}.gz`, await gz(content, { level: 9 }))
        }),
      )
    },
  }
}
