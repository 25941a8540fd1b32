import { crc32, deflateSync } from "node:zlib"

/**
 * Small, valid PNG pictures drawn in code for the demo content (no binary files in the repository):
 * a two-colour gradient with a simple figure, so every card shows a real, distinct image.
 */
export type Rgb = readonly [number, number, number]
export type Figure = "landscape" | "portrait" | "none"

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length, 0)
  head.write(type, 4, "ascii")
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0)
  return Buffer.concat([head, body, crc])
}

const LIGHT: Rgb = [250, 248, 240]
const SUN: Rgb = [255, 236, 150]
const HILL: Rgb = [20, 40, 30]

/** Which overlay (if any) covers a pixel: 0 none, 1 light figure, 2 sun, 3 hill. */
function overlayAt(x: number, y: number, w: number, h: number, figure: Figure): number {
  if (figure === "portrait") {
    const head = (x - w / 2) ** 2 + (y - h * 0.4) ** 2 < (w * 0.18) ** 2
    const body = ((x - w / 2) / (w * 0.34)) ** 2 + ((y - h) / (h * 0.36)) ** 2 < 1
    return head || body ? 1 : 0
  }
  if (figure === "landscape") {
    if ((x - w * 0.75) ** 2 + (y - h * 0.3) ** 2 < (h * 0.12) ** 2) return 2
    if (y > h * 0.62 + Math.sin((x / w) * Math.PI * 2) * h * 0.08) return 3
  }
  return 0
}

const OVERLAYS: Array<[Rgb, number] | null> = [null, [LIGHT, 0.85], [SUN, 0.9], [HILL, 0.45]]

export function drawPng(width: number, height: number, from: Rgb, to: Rgb, figure: Figure = "none"): Buffer {
  const stride = width * 3 + 1
  const raw = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Gradient background, then the figure blended over it; written straight into the row (filter 0).
      const t = (x / width + y / height) / 2
      const overlay = OVERLAYS[overlayAt(x, y, width, height, figure)]
      const at = y * stride + 1 + x * 3
      for (let c = 0; c < 3; c++) {
        const base = from[c]! + (to[c]! - from[c]!) * t
        raw[at + c] = Math.round(overlay ? base + (overlay[0][c]! - base) * overlay[1] : base)
      }
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(2, 9) // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))])
}

/** A deterministic palette: the same index always gives the same pair of colours. */
const PALETTE: Rgb[] = [
  [13, 148, 136],
  [79, 70, 229],
  [219, 39, 119],
  [234, 88, 12],
  [22, 163, 74],
  [37, 99, 235],
  [147, 51, 234],
  [202, 138, 4],
  [8, 145, 178],
  [190, 24, 93],
]
export const paletteAt = (index: number): [Rgb, Rgb] => [PALETTE[index % PALETTE.length]!, PALETTE[(index + 4) % PALETTE.length]!]
