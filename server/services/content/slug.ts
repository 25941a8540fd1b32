import type { Db } from "../../db/database.ts"
import { slugsLike } from "../../db/repositories/blogs.repository.ts"

const MAX_SLUG = 80

/** 'Yoga for Busy Mornings!' → 'yoga-for-busy-mornings'; accents folded, anything else becomes a dash. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG)
    .replace(/-+$/, "")
  return slug || "blog"
}

/** The name's slug, or with the first free suffix -2, -3, … when another blog already has it. */
export async function uniqueSlug(db: Db, name: string, exceptId: string | null = null): Promise<string> {
  const base = slugify(name)
  const taken = await slugsLike(db, base, exceptId)
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}
