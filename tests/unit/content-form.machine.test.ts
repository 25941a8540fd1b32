import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { ListedExpert } from "../../src/api/contract/content/expert.ts"
import { MODAL_CLOSE_MS, SUCCESS_MESSAGE_MS } from "../../src/machines/content/content-timings.ts"
import { expertFormMachine } from "../../src/machines/content/experts.machine.ts"
import { galleryFormMachine } from "../../src/machines/content/gallery.machine.ts"

const png = () => new File([new Uint8Array([137, 80, 78, 71])], "face.png", { type: "image/png" })
const expert: ListedExpert = {
  _id: "e1",
  name: "Dr. Kavita Menon",
  designation: "Senior Counsellor",
  avatar: "/uploads/a.png",
  createdAt: "2026-11-01T00:00:00.000Z",
  picture: null,
}

function start(save: (input: unknown) => Promise<{ message: string }> = async () => ({ message: "Expert added successfully!" })) {
  const clock = new SimulatedClock()
  const saveSpy = vi.fn(save)
  const listChanged = vi.fn()
  const actor = createActor(
    expertFormMachine.provide({ actors: { submit: fromPromise(({ input }) => saveSpy(input)) }, actions: { submitted: () => listChanged() } }),
    { clock },
  ).start()
  return { actor, clock, saveSpy, listChanged }
}

describe("content form machine (experts)", () => {
  it("names every missing field and the image, and makes no call", () => {
    const { actor, saveSpy } = start()
    actor.send({ type: "form.open" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ name: "Name is required.", designation: "Designation is required.", image: "Image is required." })
    expect(saveSpy).not.toHaveBeenCalled()
  })

  it("refuses a file that is not an image", () => {
    const { actor } = start()
    actor.send({ type: "form.open", item: expert })
    actor.send({ type: "file.change", file: new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }) })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ image: "Please choose an image file (PNG, JPEG, WEBP or GIF)." })
  })

  it("takes its limits from the contract: a 121-character name is refused next to the field, which gets the focus", () => {
    const { actor, saveSpy } = start()
    actor.send({ type: "form.open", item: expert })
    actor.send({ type: "field.change", field: "name", value: "N".repeat(121) })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ name: "Name must be at most 120 characters." })
    expect(actor.getSnapshot().context.focus?.field).toBe("name")
    expect(saveSpy).not.toHaveBeenCalled()
  })

  it("saves trimmed values, shows the message, closes 1 s later and clears the message 2 s after the save", async () => {
    const { actor, clock, saveSpy, listChanged } = start()
    const file = png()
    actor.send({ type: "form.open" })
    actor.send({ type: "field.change", field: "name", value: "  Dr. Test  " })
    actor.send({ type: "field.change", field: "designation", value: "Counsellor" })
    actor.send({ type: "file.change", file })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect(saveSpy.mock.calls[0]![0]).toMatchObject({
      mode: "add",
      itemId: null,
      values: { name: "Dr. Test", designation: "Counsellor" },
      files: { image: file },
    })
    expect(listChanged).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().context.message).toEqual({ text: "Expert added successfully!", tone: "success" })
    clock.increment(MODAL_CLOSE_MS - 1)
    expect(actor.getSnapshot().matches("succeeded")).toBe(true)
    clock.increment(1)
    expect(actor.getSnapshot().value).toEqual({ closed: "announcing" })
    expect(actor.getSnapshot().context.message?.text).toBe("Expert added successfully!")
    clock.increment(SUCCESS_MESSAGE_MS - MODAL_CLOSE_MS)
    expect(actor.getSnapshot().value).toEqual({ closed: "idle" })
    expect(actor.getSnapshot().context.message).toBeNull()
  })

  it("opens prefilled for update, where the image is optional", async () => {
    const { actor, saveSpy } = start(async () => ({ message: "Expert updated successfully!" }))
    actor.send({ type: "form.open", item: expert })
    expect(actor.getSnapshot().context).toMatchObject({
      mode: "update",
      itemId: "e1",
      values: { name: expert.name, designation: expert.designation },
      preview: "/uploads/a.png",
    })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("succeeded"))
    expect(saveSpy.mock.calls[0]![0]).toMatchObject({
      mode: "update",
      itemId: "e1",
      values: { name: expert.name, designation: expert.designation },
      files: { image: null },
    })
  })

  it("keeps the input on failure and shows the server's message, or 'Something went wrong.'", async () => {
    const failing = start(() => Promise.reject(new ApiError("http", 400, "Bad Request", "avatar: only PNG, JPEG, WEBP, GIF images are accepted")))
    failing.actor.send({ type: "form.open", item: expert })
    failing.actor.send({ type: "form.submit" })
    await waitFor(failing.actor, (s) => s.context.message !== null)
    expect(failing.actor.getSnapshot().matches("editing")).toBe(true)
    expect(failing.actor.getSnapshot().context.message).toEqual({ text: "avatar: only PNG, JPEG, WEBP, GIF images are accepted", tone: "error" })
    expect(failing.actor.getSnapshot().context.values["name"]).toBe(expert.name)
    const offline = start(() => Promise.reject(new ApiError("network", 0, "", "Could not reach the server.")))
    offline.actor.send({ type: "form.open", item: expert })
    offline.actor.send({ type: "form.submit" })
    await waitFor(offline.actor, (s) => s.context.message !== null)
    expect(offline.actor.getSnapshot().context.message?.text).toBe("Something went wrong.")
  })

  it("closes on Cancel without saving", () => {
    const { actor, saveSpy } = start()
    actor.send({ type: "form.open" })
    actor.send({ type: "form.close" })
    expect(actor.getSnapshot().value).toEqual({ closed: "idle" })
    expect(saveSpy).not.toHaveBeenCalled()
  })
})

describe("gallery form machine", () => {
  it("keeps Upload disabled until a file is chosen", () => {
    const actor = createActor(galleryFormMachine).start()
    actor.send({ type: "form.open" })
    expect(actor.getSnapshot().can({ type: "form.submit" })).toBe(false)
    actor.send({ type: "file.change", file: png() })
    expect(actor.getSnapshot().can({ type: "form.submit" })).toBe(true)
    actor.stop()
  })
})
