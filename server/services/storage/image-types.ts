/** Image kinds recognised by their first bytes, never by name or declared type. */
export type ImageKind = "png" | "jpeg" | "webp" | "gif"

export const contentTypes: Record<ImageKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
}

export function sniffImage(data: Buffer): ImageKind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png"
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg"
  if (data.length >= 12 && data.toString("ascii", 0, 4) === "RIFF" && data.toString("ascii", 8, 12) === "WEBP") return "webp"
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.toString("ascii", 0, 6))) return "gif"
  return null
}
