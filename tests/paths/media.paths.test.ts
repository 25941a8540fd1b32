import { ApiError } from "../../src/api/api-error.ts"
import type { MediaItem } from "../../src/api/contract/media/media.ts"
import { deleteQuestion, mediaAltMachine, mediaUploadMachine } from "../../src/machines/media/media-library.machine.ts"
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { toFormData } from "../../src/api/client.ts"
import { imageFields, isLibraryPick, libraryPick } from "../../src/api/media/library-pick.ts"
import { mediaPickerMachine } from "../../src/machines/media/media-picker.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"

const refused = new ApiError("http", 400, "Bad Request", "image: the file is not a valid JPEG image")
const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], "river.jpg", { type: "image/jpeg" })
const item: MediaItem = {
  _id: "m1",
  url: "/uploads/0123456789abcdef0123456789abcdef.jpeg",
  type: "image/jpeg",
  width: 4000,
  height: 3000,
  bytes: 9_800_000,
  alt: "A river at dawn",
  srcset: "/uploads/a.jpeg 320w",
  webpSrcset: "/uploads/a.webp 320w",
  variants: [],
  uploadedBy: "Eshan Editor",
  createdAt: "2026-12-01T00:00:00.000Z",
  usedIn: [],
}

describeMachinePaths("media library upload", {
  machine: mediaUploadMachine.provide({ actions: { submitted: () => {} } }),
  events: [
    { type: "form.open" },
    { type: "field.change", field: "alt", value: "A river at dawn" },
    { type: "field.change", field: "alt", value: "" },
    { type: "file.change", file: photo },
    { type: "form.submit" },
    { type: "form.close" },
    { type: "submit.done", output: { message: "Image added to the library." } },
    { type: "submit.error", error: refused },
    { type: "after.successShown" },
    { type: "after.messageRemaining" },
  ],
})

describeMachinePaths("media library alt text", {
  machine: mediaAltMachine.provide({ actions: { submitted: () => {} } }),
  events: [
    { type: "form.open", item },
    { type: "field.change", field: "alt", value: "A river at first light" },
    { type: "field.change", field: "alt", value: "" },
    { type: "form.submit" },
    { type: "form.close" },
    { type: "submit.done", output: { message: "Alt text saved." } },
    { type: "submit.error", error: refused },
    { type: "after.successShown" },
    { type: "after.messageRemaining" },
  ],
})

describeMachinePaths("choose from library", {
  machine: mediaPickerMachine.provide({ actions: { picked: () => {} } }),
  events: [{ type: "picker.open" }, { type: "picker.pick", item }, { type: "picker.close" }],
})

describe("choosing from the library", () => {
  it("hands the form the image picked, and nothing when closed", () => {
    const picks: string[] = []
    const actor = createActor(mediaPickerMachine.provide({ actions: { picked: (_, { item: m }) => void picks.push(m._id) } })).start()
    actor.send({ type: "picker.open" })
    actor.send({ type: "picker.close" })
    expect([actor.getSnapshot().value, picks]).toEqual(["closed", []])
    actor.send({ type: "picker.open" })
    actor.send({ type: "picker.pick", item })
    expect([actor.getSnapshot().value, picks]).toEqual(["closed", ["m1"]])
  })

  it("sends a picked image as libraryImage, with no file part, and an uploaded file under its own name", () => {
    const pick = libraryPick(item)
    expect([pick.type, pick.name, isLibraryPick(pick), isLibraryPick(photo)]).toEqual(["image/jpeg", "A river at dawn", true, false])
    const form = toFormData({ title: "T", ...imageFields("image", pick) })
    expect([form.get("libraryImage"), form.has("image")]).toEqual(["m1", false])
    const upload = toFormData({ title: "T", ...imageFields("image", photo) })
    expect([upload.has("libraryImage"), (upload.get("image") as File).name]).toEqual([false, "river.jpg"])
  })
})

describe("the media library's delete warning", () => {
  it("names every record that still shows the image, in the library's words", () => {
    expect(deleteQuestion(item)).toBe("Delete this image from the library? Its variants are deleted with it.")
    const used = {
      ...item,
      usedIn: [
        { kind: "blog", id: "b1", label: "Morning calm" },
        { kind: "expert", id: "e1", label: "Dr. Kavita Menon" },
      ],
    } as MediaItem
    expect(deleteQuestion(used)).toBe(
      "This image is still used by: Blog “Morning calm”; Expert “Dr. Kavita Menon”. Delete it from the library anyway? Those pages keep showing it until they get another image.",
    )
  })
})
