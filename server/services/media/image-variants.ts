import { createHash } from "node:crypto"
import type { Sharp, SharpConstructor } from "sharp"
import { mediaWidths } from "../../../src/api/contract/media/media.ts"
import type { ImageKind } from "../storage/image-types.ts"
import { stripMetadata } from "../storage/strip-metadata.ts"

/** One file the library stores: its bytes, kind and pixel size, named by a hash of its bytes. */
export interface ImageFile {
  name: string
  kind: ImageKind
  width: number
  height: number
  data: Buffer
}

export interface ProcessedImage {
  original: ImageFile
  /** Narrowest first; each width in the original's kind and as WebP (one file when the original is WebP). */
  variants: ImageFile[]
}

/**
 * libvips is loaded with the first image, not at start: most starts process none, and its native binding is a
 * package of its own beside the server's bundle (scripts/build-server.ts leaves it outside).
 */
let sharpLoaded: Promise<SharpConstructor> | undefined
const loadSharp = () => (sharpLoaded ??= import("sharp").then((module) => module.default as SharpConstructor))

/** A camera photo is some 50 megapixels at most; a decompression bomb is refused before it is decoded. */
const MAX_PIXELS = 100_000_000
const ENCODE = { jpeg: { quality: 82, mozjpeg: false }, webp: { quality: 80, effort: 2 }, png: { compressionLevel: 6 } } as const

/** `<32 hex of sha256>.<kind>`: the same bytes always get the same name, so a year-long immutable cache is right. */
export const hashedName = (data: Buffer, kind: ImageKind): string => `${createHash("sha256").update(data).digest("hex").slice(0, 32)}.${kind}`

const fileOf = (data: Buffer, kind: ImageKind, width: number, height: number): ImageFile => ({ name: hashedName(data, kind), kind, width, height, data })

/** EXIF orientations 5–8 turn the picture a quarter: its upright width is its stored height. */
const turnsQuarter = (orientation: number | undefined) => orientation !== undefined && orientation >= 5 && orientation <= 8

function encode(pipeline: Sharp, kind: ImageKind): Sharp {
  if (kind === "jpeg") return pipeline.jpeg(ENCODE.jpeg)
  if (kind === "png") return pipeline.png(ENCODE.png)
  return pipeline.webp(ENCODE.webp)
}

/**
 * The original as the library keeps it, without metadata. A JPEG keeps its own pixels (a camera photo is not
 * encoded again: slower, and a generation worse); one that EXIF turns keeps just that turn, in an EXIF segment
 * of its own that names nothing else. A PNG keeps its pixels when upright; one turned, and every WebP, is encoded
 * again upright (libvips writes no metadata unless asked).
 */
async function keptOriginal(data: Buffer, kind: ImageKind, orientation: number, reencode: () => Promise<Buffer>): Promise<Buffer> {
  if (kind === "jpeg") {
    const stripped = stripMetadata(kind, data)
    if (!stripped) throw new Error("the image does not hold together")
    return orientation === 1 ? stripped : withOrientationOnly(stripped, orientation)
  }
  if (kind === "png" && orientation === 1) {
    const stripped = stripMetadata(kind, data)
    if (!stripped) throw new Error("the image does not hold together")
    return stripped
  }
  return reencode()
}

/** A JPEG with one EXIF segment right after its start, holding only the Orientation tag (0x0112). */
export function withOrientationOnly(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.alloc(26)
  tiff.write("MM", 0, "latin1")
  tiff.writeUInt16BE(42, 2)
  tiff.writeUInt32BE(8, 4)
  tiff.writeUInt16BE(1, 8) // one entry
  tiff.writeUInt16BE(0x0112, 10) // Orientation
  tiff.writeUInt16BE(3, 12) // SHORT
  tiff.writeUInt32BE(1, 14) // one value
  tiff.writeUInt16BE(orientation, 18)
  tiff.writeUInt32BE(0, 22) // no next IFD
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff])
  const header = Buffer.alloc(4)
  header.writeUInt16BE(0xffe1, 0)
  header.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)])
}

/**
 * The library's copy of an image whose bytes were checked to be `kind`, without metadata (EXIF with its location,
 * comments, XMP; see keptOriginal), and its responsive variants, upright. A GIF (perhaps animated) is kept as it
 * is, without variants. Throws when the image does not decode.
 */
export async function processImage(data: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const sharp = await loadSharp()
  const source = () => sharp(data, { failOn: "error", limitInputPixels: MAX_PIXELS, sequentialRead: true })
  const meta = await source().metadata()
  if (!meta.width || !meta.height) throw new Error("the image has no size")
  const quarter = turnsQuarter(meta.orientation)
  const width = quarter ? meta.height : meta.width
  const height = quarter ? meta.width : meta.height
  if (kind === "gif") {
    const kept = stripMetadata(kind, data)
    if (!kept) throw new Error("the image does not hold together")
    return { original: fileOf(kept, kind, width, height), variants: [] }
  }
  const orientation = meta.orientation ?? 1
  const original = await keptOriginal(data, kind, orientation, () => encode(source().rotate(), kind).toBuffer())

  // Every width narrower than the original; an image narrower than the narrowest gets its own width (a WebP copy).
  const widths = mediaWidths.filter((w) => w < width)
  const targets = widths.length > 0 ? widths : [width]
  // One decode, at the widest variant's size (a JPEG shrinks while it decodes); the narrower ones are made from
  // those few pixels, not from the photo again.
  const widest = Math.max(...targets)
  const base = await source().rotate().resize({ width: widest, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true })
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels }
  const variants = await Promise.all(
    targets.map(async (w) => {
      const resized = sharp(base.data, { raw }).resize({ width: w, withoutEnlargement: true })
      const kinds: ImageKind[] = kind === "webp" ? ["webp"] : [kind, "webp"]
      return Promise.all(
        kinds.map(async (k) => {
          const { data: out, info } = await encode(resized.clone(), k).toBuffer({ resolveWithObject: true })
          return fileOf(out, k, info.width, info.height)
        }),
      )
    }),
  )
  return { original: fileOf(original, kind, width, height), variants: variants.flat() }
}
