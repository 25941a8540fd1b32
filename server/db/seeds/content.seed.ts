import { randomUUID } from "node:crypto"
import { json, type Db } from "../database.ts"
import { sanitizeBlogHtml } from "../../services/content/sanitize-blog-html.ts"
import { slugify } from "../../services/content/slug.ts"
import { CONTENT_IMAGE_KINDS } from "../../services/content/content-images.ts"
import type { UploadStore } from "../../services/storage/uploads.ts"
import { drawPng, paletteAt, type Figure } from "./demo-images.ts"
import { demoBlogs, demoExperts, demoPress, demoTestimonials } from "./content-texts.ts"
import { daysBefore, demoPerson } from "./demo-names.ts"
import { insertMedia } from "../repositories/media.repository.ts"
import { variantsForStored } from "../../services/media/media.service.ts"
import { libraryEntryOf } from "../../services/media/library-writes.ts"

/** Drawn pictures by size, colours and figure: the palette repeats, so most are drawn once. */
const drawn = new Map<string, Buffer>()

/** Draws a picture and stores it through the upload store, as an upload from the console would be. */
function storeDemoImage(uploads: UploadStore, index: number, size: [number, number], figure: Figure): string {
  const [from, to] = paletteAt(index)
  const key = `${size.join("x")}:${from.join()}:${to.join()}:${figure}`
  const data = drawn.get(key) ?? drawPng(size[0], size[1], from, to, figure)
  drawn.set(key, data)
  return uploads.saveImage({ field: "image", filename: `demo-${index}.png`, mimetype: "image/png", data }, CONTENT_IMAGE_KINDS, "public").name
}

/**
 * Website content for the demo: 14 blogs with coloured rich text (every 4th unpublished), 12 gallery
 * images, 12 experts, 12 testimonials, 12 press items and 11 invited editors (besides editor@demo.test),
 * spread over the last weeks so the lists have an order and more than one page where they page.
 */
export async function seedContent(db: Db, uploads: UploadStore, now: number): Promise<void> {
  const editor = await db.selectFrom("users").select("id").where("email", "=", "editor@demo.test").executeTakeFirst()
  const by = editor?.id ?? null
  const blogIds = demoBlogs.map(() => randomUUID())
  await db
    .insertInto("blogs")
    .values(
      demoBlogs.map((blog, i) => ({
        id: blogIds[i]!,
        blog_name: blog.name,
        title: blog.title,
        keyword: blog.keyword,
        description: blog.description,
        about: sanitizeBlogHtml(blog.about),
        image: storeDemoImage(uploads, i, [400, 225], "landscape"),
        slug: slugify(blog.name),
        status: i % 4 !== 3,
        created_by: by,
        created_at: daysBefore(now, 2 + i * 3),
        updated_at: daysBefore(now, 2 + i * 3),
      })),
    )
    .execute()
  // The media library (issue 28) holds the blogs' covers, with their variants, as if each had come through it.
  const covers = await db.selectFrom("blogs").select(["image", "title", "created_at"]).where("id", "in", blogIds).execute()
  for (const cover of covers) {
    const image = await variantsForStored(uploads, cover.image)
    await insertMedia(db, libraryEntryOf(image, `Cover of the blog “${cover.title}”`, by, new Date(cover.created_at)))
  }
  // The first unpublished blog has changes scheduled to go live in three days (issue 28's scheduled publish).
  const at = daysBefore(now, 1)
  await db
    .insertInto("blog_schedules")
    .values({
      id: blogIds[3]!,
      publish_at: new Date(now + 3 * 24 * 60 * 60 * 1000),
      values: json({ description: `${demoBlogs[3]!.description} Updated for the new season.` }),
      image: null,
      scheduled_by: by,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto("gallery_items")
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        id: randomUUID(),
        image: storeDemoImage(uploads, i + 3, [360, 240], "landscape"),
        created_by: by,
        created_at: daysBefore(now, 1 + i * 2),
      })),
    )
    .execute()
  await db
    .insertInto("experts")
    .values(
      demoExperts.map((e, i) => ({
        id: randomUUID(),
        ...e,
        avatar: storeDemoImage(uploads, i, [128, 128], "portrait"),
        created_at: daysBefore(now, 3 + i),
        updated_at: daysBefore(now, 3 + i),
      })),
    )
    .execute()
  await db
    .insertInto("testimonials")
    .values(
      demoTestimonials.map((t, i) => ({
        id: randomUUID(),
        ...t,
        avatar: storeDemoImage(uploads, i + 5, [128, 128], "portrait"),
        created_at: daysBefore(now, 4 + i),
        updated_at: daysBefore(now, 4 + i),
      })),
    )
    .execute()
  await db
    .insertInto("press_items")
    .values(
      demoPress.map((p, i) => ({
        id: randomUUID(),
        ...p,
        thumbnail: storeDemoImage(uploads, i + 7, [320, 200], "landscape"),
        created_at: daysBefore(now, 5 + i * 4),
        updated_at: daysBefore(now, 5 + i * 4),
      })),
    )
    .execute()
  await db
    .insertInto("users")
    .values(
      Array.from({ length: 11 }, (_, i) => {
        const person = demoPerson(300 + i)
        return {
          id: randomUUID(),
          name: person.name,
          email: `${person.emailLocal}@editors.example.com`,
          number: person.number,
          role: "Editor" as const,
          status: "Approve" as const,
          // Invited editors choose their password through the emailed link.
          password_hash: null,
          additional_details: "{}",
          document_details: "{}",
          account_details: "{}",
          created_at: daysBefore(now, 10 + i * 5),
        }
      }),
    )
    .execute()
}
