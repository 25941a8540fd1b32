import { afterEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate"
import { ApiError } from "../../src/api/api-error.ts"
import type { AssignablePerson, AssignableRoleTotal } from "../../src/api/contract/counselling/counselling-user.ts"
import * as usersApi from "../../src/api/counselling/counselling-users.api.ts"
import { assignCounsellorMachine, PEOPLE_FAILED } from "../../src/machines/counselling/assign-counsellor.machine.ts"
import { assignEach, type AssignOutcome } from "../../src/machines/counselling/assign-each.ts"
import { SEARCH_DEBOUNCE_MS } from "../../src/machines/search/header-search.machine.ts"
import { flush } from "./flush.ts"

const chetan: AssignablePerson = { _id: "c1", name: "Chetan", email: "c@x.io", role: "Counsellor" }
const leela: AssignablePerson = { _id: "l1", name: "Leela", email: "l@x.io", role: "Lawyer" }
const people = [chetan, leela]
const totals: AssignableRoleTotal[] = [
  { role: "Counsellor", total: 120 },
  { role: "Lawyer", total: 1 },
]
type Page = { people: AssignablePerson[]; totals: AssignableRoleTotal[] }

function start(
  options: {
    loadPeople?: (search: string) => Promise<Page>
    assignEach?: (args: { input: { userIds: string[]; counsellorId: string } }) => Promise<AssignOutcome>
  } = {},
) {
  const clock = new SimulatedClock()
  const search = options.loadPeople ?? (async () => ({ people, totals }))
  const loadPeople = vi.fn(({ input }: { input: { search: string } }) => search(input.search))
  const assign = vi.fn(options.assignEach ?? (async ({ input }) => ({ assigned: input.userIds, failures: [] })))
  const assigned = vi.fn()
  const notify = vi.fn()
  const actor = createActor(
    assignCounsellorMachine.provide({
      actors: { loadPeople: fromPromise(loadPeople), assignEach: fromPromise(assign as never) },
      actions: { assigned, notify: (_, p) => notify(p) },
    }),
    { clock },
  ).start()
  const open = async () => {
    actor.send({ type: "selection.toggle", userId: "u1" })
    actor.send({ type: "form.open" })
    await waitFor(actor, (s) => s.matches({ choosing: "ready" }))
  }
  const searched = () => loadPeople.mock.calls.map(([{ input }]) => input.search)
  return { actor, clock, open, searched, loadPeople, assign, assigned, notify }
}

afterEach(() => vi.restoreAllMocks())

describe("assign counsellor machine", () => {
  it("selects one by one and the whole page, and unselects the page again", () => {
    const { actor } = start()
    actor.send({ type: "selection.toggle", userId: "u1" })
    actor.send({ type: "selection.setAll", userIds: ["u1", "u2", "u3"], selected: true })
    expect(actor.getSnapshot().context.selected).toEqual(["u1", "u2", "u3"])
    actor.send({ type: "selection.toggle", userId: "u2" })
    expect(actor.getSnapshot().context.selected).toEqual(["u1", "u3"])
    actor.send({ type: "selection.setAll", userIds: ["u1", "u2", "u3"], selected: false })
    expect(actor.getSnapshot().context.selected).toEqual([])
  })

  it("opens 'Assign To' only with a selection, loading the first people of each role and the totals, Counsellor open", async () => {
    const { actor, loadPeople, searched, open } = start()
    expect(actor.getSnapshot().can({ type: "form.open" })).toBe(false)
    actor.send({ type: "form.open" })
    expect(loadPeople).not.toHaveBeenCalled()
    await open()
    expect(searched()).toEqual([""])
    expect(actor.getSnapshot().context).toMatchObject({ people, totals, search: "", listed: "", openRoles: ["Counsellor"] })
  })

  it("waits for typing to pause, then asks once for the last text, and opens the groups it found people in", async () => {
    const found = { people: [leela], totals: [{ role: "Lawyer" as const, total: 1 }] }
    const { actor, clock, searched, open } = start({ loadPeople: async (search) => (search === "" ? { people, totals } : found) })
    await open()
    actor.send({ type: "search.change", value: "le" })
    clock.increment(SEARCH_DEBOUNCE_MS - 1)
    actor.send({ type: "search.change", value: " lee " })
    clock.increment(SEARCH_DEBOUNCE_MS - 1)
    expect(actor.getSnapshot().hasTag("searching")).toBe(true)
    expect(searched()).toEqual([""])
    clock.increment(1)
    await waitFor(actor, (s) => s.matches({ choosing: "ready" }))
    expect(searched()).toEqual(["", "lee"])
    expect(actor.getSnapshot().context).toMatchObject({ people: [leela], listed: "lee", search: " lee ", openRoles: ["Lawyer"] })
  })

  it("makes no call when the box comes back to the listed search, and drops an older answer for a newer search", async () => {
    let release: (page: Page) => void = () => {}
    const { actor, clock, searched, open } = start({
      loadPeople: (search) => (search === "slow" ? new Promise((resolve) => (release = resolve)) : Promise.resolve({ people, totals })),
    })
    await open()
    actor.send({ type: "search.change", value: "x" })
    actor.send({ type: "search.change", value: "" })
    clock.increment(SEARCH_DEBOUNCE_MS * 2)
    expect(actor.getSnapshot().matches({ choosing: "ready" })).toBe(true)
    actor.send({ type: "search.change", value: "slow" })
    clock.increment(SEARCH_DEBOUNCE_MS)
    actor.send({ type: "search.change", value: "" })
    release({ people: [], totals: [] })
    await flush()
    expect(searched()).toEqual(["", "slow"])
    expect(actor.getSnapshot().context).toMatchObject({ people, listed: "" })
  })

  it("keeps the last people when a search fails, says so, and Retry asks again", async () => {
    let fail = true
    const { actor, clock, searched, open } = start({
      loadPeople: async (search) => (search !== "" && fail ? Promise.reject(new ApiError("http", 500, "", "x")) : { people: [chetan], totals }),
    })
    await open()
    actor.send({ type: "search.change", value: "che" })
    clock.increment(SEARCH_DEBOUNCE_MS)
    await waitFor(actor, (s) => s.matches({ choosing: "failed" }))
    expect(actor.getSnapshot().context.people).toEqual([chetan])
    fail = false
    actor.send({ type: "search.retry" })
    await waitFor(actor, (s) => s.matches({ choosing: "ready" }))
    expect(searched()).toEqual(["", "che", "che"])
    expect(actor.getSnapshot().context.listed).toBe("che")
  })

  it("chooses only a listed person, and keeps the choice while a search lists others", async () => {
    const { actor, clock, open } = start({ loadPeople: async (search) => (search === "" ? { people, totals } : { people: [leela], totals }) })
    await open()
    actor.send({ type: "counsellor.choose", counsellorId: "nobody" })
    expect(actor.getSnapshot().context.chosen).toBeNull()
    actor.send({ type: "counsellor.choose", counsellorId: "c1" })
    actor.send({ type: "search.change", value: "lee" })
    clock.increment(SEARCH_DEBOUNCE_MS)
    await waitFor(actor, (s) => s.matches({ choosing: "ready" }) && s.context.listed === "lee")
    expect(actor.getSnapshot().context.chosen).toEqual(chetan)
  })

  it("opens and closes role groups as the accordion says, ignoring names that are no role", async () => {
    const { actor, open } = start()
    await open()
    actor.send({ type: "groups.change", roles: ["Lawyer", "Admin", "User"] })
    expect(actor.getSnapshot().context.openRoles).toEqual(["Lawyer", "User"])
  })

  it("refuses Submit without a choice: 'Please select a counsellor to assign.', no call", async () => {
    const { actor, assign, open } = start()
    await open()
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.message).toEqual({ text: "Please select a counsellor to assign.", tone: "error" })
    expect(assign).not.toHaveBeenCalled()
    actor.send({ type: "counsellor.choose", counsellorId: "c1" })
    expect(actor.getSnapshot().context.message).toBeNull()
  })

  it("assigns every selected user, reloads the list, clears the selection and confirms", async () => {
    const { actor, assign, assigned, notify } = start()
    actor.send({ type: "selection.setAll", userIds: ["u1", "u2"], selected: true })
    actor.send({ type: "form.open" })
    await waitFor(actor, (s) => s.matches("choosing"))
    actor.send({ type: "counsellor.choose", counsellorId: "c1" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("selecting"))
    expect((assign.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toEqual({ userIds: ["u1", "u2"], counsellorId: "c1" })
    expect(actor.getSnapshot().context.selected).toEqual([])
    expect(assigned).toHaveBeenCalledOnce()
    expect(notify).toHaveBeenCalledWith({ text: "Counsellor assigned successfully.", tone: "success" })
  })

  it("on a partial failure shows 'Failed to assign counsellor: {message}', keeps only the failed users selected and reloads", async () => {
    const { actor, assigned } = start({ assignEach: async () => ({ assigned: ["u1"], failures: [{ userId: "u2", message: "User not found." }] }) })
    actor.send({ type: "selection.setAll", userIds: ["u1", "u2"], selected: true })
    actor.send({ type: "form.open" })
    await waitFor(actor, (s) => s.matches("choosing"))
    actor.send({ type: "counsellor.choose", counsellorId: "c1" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches("choosing") && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toEqual({ text: "Failed to assign counsellor: User not found.", tone: "error" })
    expect(actor.getSnapshot().context.selected).toEqual(["u2"])
    expect(assigned).toHaveBeenCalledOnce()
  })

  it("submitted while a search was pending and failed, the form comes back searching the box's text", async () => {
    const { actor, searched, open } = start({ assignEach: () => Promise.reject(new ApiError("http", 500, "", "down")) })
    await open()
    actor.send({ type: "counsellor.choose", counsellorId: "c1" })
    actor.send({ type: "search.change", value: "lee" })
    actor.send({ type: "form.submit" })
    await waitFor(actor, (s) => s.matches({ choosing: "ready" }) && s.context.listed === "lee")
    expect(searched()).toEqual(["", "lee"])
    expect(actor.getSnapshot().context.message?.text).toBe("Failed to assign counsellor: down")
  })

  it("tells when the assignable people cannot be fetched", async () => {
    const { actor } = start({ loadPeople: () => Promise.reject(new ApiError("http", 500, "", "x")) })
    actor.send({ type: "selection.toggle", userId: "u1" })
    actor.send({ type: "form.open" })
    await waitFor(actor, (s) => s.matches("selecting") && s.context.message !== null)
    expect(actor.getSnapshot().context.message?.text).toBe(PEOPLE_FAILED)
  })

  it("makes one update call per selected user and reports each failure with the server's message", async () => {
    const spy = vi.spyOn(usersApi, "assignCounsellor").mockImplementation(async (userId) => {
      if (userId === "bad") throw new ApiError("http", 404, "Not Found", "User not found.")
      return { success: true, message: "ok" }
    })
    const outcome = await assignEach({ userIds: ["a", "bad", "b"], counsellorId: "c1" })
    expect(spy.mock.calls).toEqual([
      ["a", "c1"],
      ["bad", "c1"],
      ["b", "c1"],
    ])
    expect(outcome).toEqual({ assigned: ["a", "b"], failures: [{ userId: "bad", message: "User not found." }] })
  })
})
