import type { Page } from "playwright-core"
import { drawPng } from "../../server/db/seeds/demo-images.ts"
import { baseURL } from "./browser.ts"

/** A real PNG to upload through a file input. */
export const pngUpload = (name = "picture.png", seed = 1) => ({
  name,
  mimeType: "image/png",
  buffer: drawPng(40, 30, [seed * 30, 120, 90], [220, 60, seed * 20], "landscape"),
})

/** A name no other test (or the demo data) uses. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

export async function apiCreateBlog(token: string, fields: Record<string, string>): Promise<{ _id: string; slug: string; about: string }> {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append("image", new Blob([new Uint8Array(pngUpload().buffer)], { type: "image/png" }), "cover.png")
  const res = await fetch(`${baseURL()}/api/v1/blog/create`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })
  if (!res.ok) throw new Error(`create blog failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { data: { _id: string; slug: string; about: string } }).data
}

/**
 * Waits until the blog editor has read the browser's selection: slate-react reads it on a 100 ms throttle after
 * each `selectionchange`, so a toolbar command sent sooner formats the old selection. The wait runs on the
 * page's own clock (its timers fire in order), so a busy machine cannot slip the command in before the read,
 * as it could past a sleep in the test.
 */
export const editorReadSelection = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 250)))
