import type { ImageKind } from "./image-types.ts"

/**
 * Removes metadata (EXIF with GPS, comments, text chunks) without re-encoding pixels, and refuses
 * files whose structure does not hold together, which also catches polyglots that merely start
 * with an image signature. Returns null when the file is not a well-formed image of its kind.
 */
export function stripMetadata(kind: ImageKind, data: Buffer): Buffer | null {
  switch (kind) {
    case "png":
      return stripPng(data)
    case "jpeg":
      return stripJpeg(data)
    default:
      // WebP and GIF are kept as sent after the signature check; they carry no EXIF in practice
      // and are refused when they contain markup (see hasMarkup).
      return hasMarkup(data) ? null : data
  }
}

const PNG_KEEP = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "pHYs", "bKGD"])

function stripPng(data: Buffer): Buffer | null {
  const parts: Buffer[] = [data.subarray(0, 8)]
  let offset = 8
  let sawEnd = false
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset)
    const type = data.toString("ascii", offset + 4, offset + 8)
    const end = offset + 12 + length
    if (end > data.length) return null
    if (PNG_KEEP.has(type)) parts.push(data.subarray(offset, end))
    offset = end
    if (type === "IEND") {
      sawEnd = true
      break
    }
  }
  // Bytes after IEND are how PNG polyglots hide a second file.
  if (!sawEnd || offset !== data.length) return null
  return Buffer.concat(parts)
}

function stripJpeg(data: Buffer): Buffer | null {
  const parts: Buffer[] = [data.subarray(0, 2)]
  let offset = 2
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null
    const marker = data[offset + 1]!
    if (marker === 0xda) {
      // Start of scan: the rest is entropy-coded image data up to the end-of-image marker.
      const eoi = data.lastIndexOf(Buffer.from([0xff, 0xd9]))
      if (eoi < offset || eoi + 2 !== data.length) return null
      parts.push(data.subarray(offset, eoi + 2))
      return hasMarkup(data.subarray(offset, eoi + 2)) ? null : Buffer.concat(parts)
    }
    const length = data.readUInt16BE(offset + 2)
    const end = offset + 2 + length
    if (length < 2 || end > data.length) return null
    // Drop APP1..APP15 (EXIF, XMP, ...) and COM; keep APP0 (JFIF) and every coding segment.
    const isMetadata = (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe
    if (!isMetadata) parts.push(data.subarray(offset, end))
    offset = end
  }
  return null
}

/** Markup inside an "image" is what makes it dangerous when a browser sniffs it. */
function hasMarkup(data: Buffer): boolean {
  return /<(script|html|svg|iframe|body|!doctype)/i.test(data.toString("latin1"))
}
