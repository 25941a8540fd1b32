import { crc32, createDeflateRaw } from "node:zlib"

/** One file of a zip: its name and its bytes, given whole or as they are made. */
export interface ZipEntry {
  name: string
  data: string | AsyncIterable<string | Buffer>
}

/** DOS date and time of a moment (the zip format's clock: local fields, two-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  }
}

/** Bit 3: sizes and CRC follow the data (it streams); bit 11: names are UTF-8. */
const FLAGS = 0x0808
const DEFLATE = 8
const FOUR_GB = 0xffff_ffff

/**
 * A zip archive written as it goes (PKWARE APPNOTE 6.3: deflated entries, each followed by a data descriptor,
 * then the central directory), so an export of 100,000 rows never sits whole in memory. No ZIP64: an entry or
 * archive past 4 GB is refused rather than written wrong.
 */
export async function* zipStream(entries: Iterable<ZipEntry>, at = new Date()): AsyncGenerator<Buffer> {
  const { time, date } = dosTime(at)
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8")
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(FLAGS, 6)
    local.writeUInt16LE(DEFLATE, 8)
    local.writeUInt16LE(time, 10)
    local.writeUInt16LE(date, 12)
    // CRC and sizes (14-25) stay 0 here: the data descriptor carries them.
    local.writeUInt16LE(name.length, 26)
    yield Buffer.concat([local, name])

    let crc = 0
    let size = 0
    let compressed = 0
    const deflate = createDeflateRaw()
    const source = typeof entry.data === "string" ? [entry.data] : entry.data
    const feed = (async () => {
      for await (const piece of source) {
        const bytes = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece
        crc = crc32(bytes, crc)
        size += bytes.length
        if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once("drain", resolve))
      }
      deflate.end()
    })()
    // The compressed bytes are read while the source is fed, so neither waits on the other for ever.
    const fed = feed.catch((error: unknown) => deflate.destroy(error as Error))
    try {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        compressed += chunk.length
        yield chunk
      }
    } finally {
      // A reader that stopped early (the download was cancelled) leaves nothing compressing.
      deflate.destroy()
    }
    await fed
    await feed
    if (size > FOUR_GB || compressed > FOUR_GB) throw new Error(`${entry.name} is larger than a zip without ZIP64 can hold.`)

    const descriptor = Buffer.alloc(16)
    descriptor.writeUInt32LE(0x08074b50, 0)
    descriptor.writeUInt32LE(crc >>> 0, 4)
    descriptor.writeUInt32LE(compressed, 8)
    descriptor.writeUInt32LE(size, 12)
    yield descriptor

    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(FLAGS, 8)
    header.writeUInt16LE(DEFLATE, 10)
    header.writeUInt16LE(time, 12)
    header.writeUInt16LE(date, 14)
    header.writeUInt32LE(crc >>> 0, 16)
    header.writeUInt32LE(compressed, 20)
    header.writeUInt32LE(size, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offset, 42)
    central.push(Buffer.concat([header, name]))
    offset += 30 + name.length + compressed + 16
    if (offset > FOUR_GB) throw new Error("The archive is larger than a zip without ZIP64 can hold.")
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(central.length, 8)
  end.writeUInt16LE(central.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  yield Buffer.concat([directory, end])
}
