import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { UploadedFile } from "../../plugins/multipart.ts"
import { badRequest } from "../errors.ts"
import { contentTypes, sniffImage, type ImageKind } from "./image-types.ts"
import { stripMetadata } from "./strip-metadata.ts"

export interface StoredImage {
  /** Random file name under the uploads folder, e.g. `3f9c…e1.png`. */
  name: string
  kind: ImageKind
  contentType: string
  size: number
}

/**
 * `public` files (website content) are served to anyone at /uploads/<name>; `private` files
 * (ticket attachments, certificates) only through calls that check who is asking.
 */
export type UploadScope = "public" | "private"

export interface UploadStore {
  /** The upload limit and the image's kind, from its bytes; throws 400 naming the field when either is wrong. */
  checkImage(file: UploadedFile, allowed: readonly ImageKind[]): ImageKind
  /** Checks content, strips metadata, writes under a random name. Throws 400 with a message naming the field. */
  saveImage(file: UploadedFile, allowed: readonly ImageKind[], scope: UploadScope): StoredImage
  /**
   * Writes bytes already checked and processed (the media library's) under their content-hashed name; answers
   * false when a file of that name is there already (the same bytes).
   */
  saveNamed(name: string, data: Buffer, scope: UploadScope): boolean
  /** Removes a stored file (after a failed transaction or when its owner is deleted). */
  remove(name: string, scope: UploadScope): void
  pathOf(name: string, scope: UploadScope): string
}

const NAME = /^[a-f0-9]{32}\.(png|jpeg|webp|gif)$/

/** Files go under `uploadsDir` (UPLOADS_DIR, by default DATA_DIR/uploads): storage all instances share. */
export function localUploadStore(dataDir: string, limitBytes: number, uploadsDir = join(dataDir, "uploads")): UploadStore {
  const dirs: Record<UploadScope, string> = { public: join(uploadsDir, "public"), private: join(uploadsDir, "private") }
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true })
  const checkImage = (file: UploadedFile, allowed: readonly ImageKind[]): ImageKind => {
    if (file.data.length > limitBytes) throw badRequest(`${file.field}: the file is larger than ${Math.floor(limitBytes / 1024 / 1024)} MB`)
    const kind = sniffImage(file.data)
    if (!kind || !allowed.includes(kind)) throw badRequest(`${file.field}: only ${allowed.map((k) => k.toUpperCase()).join(", ")} images are accepted`)
    return kind
  }
  return {
    checkImage,
    saveImage(file, allowed, scope) {
      const kind = checkImage(file, allowed)
      const clean = stripMetadata(kind, file.data)
      if (!clean) throw badRequest(`${file.field}: the file is not a valid ${kind.toUpperCase()} image`)
      const name = `${randomBytes(16).toString("hex")}.${kind}`
      writeFileSync(join(dirs[scope], name), clean, { flag: "wx" })
      return { name, kind, contentType: contentTypes[kind], size: clean.length }
    },
    saveNamed(name, data, scope) {
      if (!NAME.test(name)) throw new Error(`not a stored name: ${name}`)
      const path = join(dirs[scope], name)
      if (existsSync(path)) return false
      // Written aside and renamed into place: a crash never leaves a torn file under a name that says what it holds.
      const aside = `${path}.${randomBytes(6).toString("hex")}.part`
      writeFileSync(aside, data, { flag: "wx" })
      renameSync(aside, path)
      return true
    },
    remove(name, scope) {
      if (NAME.test(name)) rmSync(join(dirs[scope], name), { force: true })
    },
    pathOf(name, scope) {
      if (!NAME.test(name)) throw badRequest("Unknown file.")
      return join(dirs[scope], name)
    },
  }
}

export const isStoredName = (name: string): boolean => NAME.test(name)
