import { createActor, fromPromise, waitFor } from "xstate"
import { describe, expect, it } from "vitest"
import { ApiError } from "../../src/api/api-error.ts"
import { draftMachine } from "../../src/machines/drafts/draft.machine.ts"
import { myDraftsMachine } from "../../src/machines/blogs/my-drafts.machine.ts"
import { blogRevisionsMachine, compareRevisions } from "../../src/machines/blogs/blog-revisions.machine.ts"
import { compareCardRevisions, expertRevisionsMachine } from "../../src/machines/content/card-revisions.ts"
import { expertFields } from "../../src/machines/content/experts.machine.ts"
import { describeMachinePaths } from "./path-harness.ts"
import type { Draft } from "../../src/api/contract/drafts/drafts.ts"

const failure = new ApiError("http", 500, "Internal Server Error", "Something went wrong on our side. Please try again.")
const saved = { key: "blog:new", values: { title: "Five habits", about: "<p>Sleep early</p>" }, updatedAt: "2026-11-27T10:00:00.000Z" }

describeMachinePaths("blog draft", {
  machine: draftMachine.provide({ actions: { restore: () => {} } }),
  input: { key: "blog:new" },
  events: [
    { type: "fetchDraft.done", output: saved },
    { type: "fetchDraft.done", output: null },
    { type: "fetchDraft.error", error: failure },
    { type: "draft.change", values: { title: "Five habits of calm" } },
    { type: "draft.continue" },
    { type: "draft.discard" },
    { type: "deleteDraft.done", output: { message: "Draft discarded." } },
    { type: "deleteDraft.error", error: failure },
    { type: "after.saveDelay" },
    { type: "draft.flush" },
    { type: "saveDraft.done", output: "2026-11-27T10:05:00.000Z" },
    { type: "saveDraft.error", error: failure },
    { type: "draft.published" },
  ],
})

describeMachinePaths("your drafts (Blogs list)", {
  machine: myDraftsMachine,
  events: [
    { type: "fetchDrafts.done", output: [{ key: "blog:new", title: "Five habits", updatedAt: "2026-11-27T10:00:00.000Z" }] },
    { type: "fetchDrafts.error", error: failure },
    { type: "drafts.reload" },
  ],
})

const revision = (id: string, title: string) => ({ id, at: "2026-11-27T10:00:00.000Z", by: "Eshan Editor", change: "Updated", title, current: id === "2" })
const full = (id: string, title: string, about: string) => ({
  ...revision(id, title),
  blogName: "Calm",
  keyword: "calm",
  description: "d",
  about: `<p>${about}</p>`,
  aboutText: about,
  image: "/uploads/a.png",
  status: true,
})

describeMachinePaths("a blog's revisions", {
  machine: blogRevisionsMachine,
  input: { itemId: "b1" },
  // Each restore counts one more; whether any happened is what tells the states apart.
  distinct: ({ restored, ...rest }) => ({ ...rest, restored: Number(restored) > 0 }),
  events: [
    { type: "revisions.open" },
    { type: "listRevisions.done", output: [revision("2", "Five habits of calm"), revision("1", "Five habits")] },
    { type: "listRevisions.error", error: failure },
    { type: "revisions.retry" },
    { type: "pick.change", side: "from", id: "2" },
    { type: "pick.change", side: "from", id: "1" },
    { type: "revisions.compare" },
    { type: "fetchPair.done", output: compareRevisions(full("1", "Five habits", "Sleep early"), full("2", "Five habits of calm", "Sleep early, wake calm")) },
    { type: "fetchPair.error", error: failure },
    { type: "restore.request", id: "1" },
    { type: "restore.cancel" },
    { type: "restore.confirm" },
    { type: "restoreRevision.done", output: { success: true } },
    { type: "restoreRevision.error", error: failure },
  ],
})

const cardRevision = (id: string, name: string, designation: string) => ({ ...revision(id, name), values: { name, designation }, image: "/uploads/e.png" })

describeMachinePaths("an expert's revisions (a card's, shown for Experts)", {
  machine: expertRevisionsMachine,
  input: { itemId: "e1" },
  distinct: ({ restored, ...rest }) => ({ ...rest, restored: Number(restored) > 0 }),
  events: [
    { type: "revisions.open" },
    { type: "listRevisions.done", output: [revision("2", "Dr. Kavita Menon"), revision("1", "Dr. Kavita")] },
    { type: "listRevisions.error", error: failure },
    { type: "revisions.retry" },
    { type: "pick.change", side: "from", id: "2" },
    { type: "pick.change", side: "from", id: "1" },
    { type: "revisions.compare" },
    {
      type: "fetchPair.done",
      output: compareCardRevisions(expertFields)(cardRevision("1", "Dr. Kavita", "Counsellor"), cardRevision("2", "Dr. Kavita Menon", "Senior Counsellor")),
    },
    { type: "fetchPair.error", error: failure },
    { type: "restore.request", id: "1" },
    { type: "restore.cancel" },
    { type: "restore.confirm" },
    { type: "restoreRevision.done", output: { success: true } },
    { type: "restoreRevision.error", error: failure },
  ],
})

describe("a draft typed before the form knew whether one was saved", () => {
  it("is saved after the pause once the look-up finds none, fails, or the offered one is discarded", async () => {
    for (const found of [null, "fails", saved] as const) {
      const actor = createActor(
        draftMachine.provide({
          actions: { restore: () => {} },
          actors: {
            fetchDraft: fromPromise<Draft | null, { key: string }>(async () => {
              if (found === "fails") throw failure
              return found
            }),
            deleteDraft: fromPromise<unknown, { key: string }>(async () => ({ message: "Draft discarded." })),
          },
        }),
        { input: { key: "expert:new" } },
      ).start()
      actor.send({ type: "draft.change", values: { name: "Dr. Drafted" } })
      await waitFor(actor, (s) => !s.matches("checking"))
      if (found === saved) {
        actor.send({ type: "draft.discard" })
        await waitFor(actor, (s) => !s.matches("discarding"))
      }
      expect(actor.getSnapshot().value, String(found && typeof found === "object" ? "discarded" : found)).toBe("waiting")
      expect(actor.getSnapshot().context.values).toEqual({ name: "Dr. Drafted" })
      actor.stop()
    }
  })
})
