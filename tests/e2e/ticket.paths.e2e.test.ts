import type { Page } from "playwright-core"
import { expect } from "vitest"
import { ticketMachine } from "../../src/machines/tickets/ticket.machine.ts"
import { apiToken, baseURL, lastFormMessage } from "./browser.ts"
import { SCREEN, apiGet, describeMachinePathsE2e, describeSeededRunsE2e, signedInPage, type E2ePathSpec } from "./machine-paths.ts"
import { revisit } from "./screens.ts"

/** The raiser of every path's ticket; no other e2e spec raises tickets as the Lawyer. */
const RAISER = "lawyer@demo.test"
const RATING = 4
const REMARK = "Sorted out, thank you."

interface World {
  admin: Page
  raiser: Page
  adminToken: string
  queryId: string
  ticketId: string
  query: string
  answers: number
}

let made = 0

/** A fresh open ticket of this path only, raised through the API by the Lawyer. */
async function raiseTicket(token: string): Promise<{ queryId: string; ticketId: string; query: string }> {
  const query = `Path ticket ${Date.now()}-${++made}`
  const form = new FormData()
  form.append("ticketType", "General")
  form.append("query", query)
  const res = await fetch(`${baseURL()}/api/v1/userQuery/create`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })
  if (!res.ok) throw new Error(`raising a ticket failed: ${res.status} ${await res.text()}`)
  const { data } = (await res.json()) as { data: { queryId: string; ticketId: string } }
  return { queryId: data.queryId, ticketId: data.ticketId, query }
}

const stored = (w: World) =>
  apiGet<{ data: { status: boolean; userRating: number | null; userReview: string | null; responses: unknown[] } }>(
    `/userQuery/fetchResponse/${w.queryId}`,
    w.adminToken,
  )
const raiserRow = (w: World) => w.raiser.getByRole("row").filter({ hasText: w.query })

async function onMyTickets(w: World) {
  await revisit(w.raiser, "/my-tickets")
  await expect.poll(() => raiserRow(w).count(), SCREEN).toBe(1)
}

const spec: E2ePathSpec<World> = {
  machine: ticketMachine,
  // A rating outside 1–5 (the unit paths' refused feedback) cannot be clicked: the stars stop at 5.
  events: [{ type: "ticket.respond" }, { type: "ticket.close" }, { type: "ticket.feedback", rating: RATING, remark: REMARK }],
  async setup(browser) {
    const ticket = await raiseTicket(await apiToken(RAISER))
    const admin = await signedInPage(browser, "admin@demo.test", `/ticket/${ticket.queryId}`)
    const raiser = await signedInPage(browser, RAISER, "/my-tickets")
    return { admin, raiser, adminToken: await apiToken("admin@demo.test"), ...ticket, answers: 0 }
  },
  clicks: {
    // The Admin answers in the chat (addResponse; the raiser may ask too, the Admin's answer is the step).
    "ticket.respond": async (w, _event, { accepted }) => {
      if (!accepted) return void expect(await w.admin.getByLabel("Message").count()).toBe(0)
      await w.admin.getByLabel("Message").fill(`Answer ${w.answers + 1} from the path spec.`)
      await w.admin.getByRole("button", { name: "Send" }).click()
      w.answers++
      await expect.poll(() => w.admin.getByTestId("answer").count(), SCREEN).toBe(w.answers)
    },
    // Only the Admin closes (closeTicket's access), after confirming.
    "ticket.close": async (w, _event, { accepted }) => {
      if (!accepted) return void expect(await w.admin.getByRole("button", { name: "Close Ticket" }).count()).toBe(0)
      await w.admin.getByRole("button", { name: "Close Ticket" }).click()
      await w.admin.getByRole("alertdialog").getByRole("button", { name: "Close Ticket" }).click()
      await expect.poll(() => w.admin.getByTestId("closed-button").count(), SCREEN).toBe(1)
    },
    // Only the raiser rates (giveFeedback's access), from My Tickets.
    "ticket.feedback": async (w, event, { accepted }) => {
      await onMyTickets(w)
      const button = raiserRow(w).getByRole("button", { name: `Feedback for ${w.ticketId}` })
      if (!accepted) return void expect(await button.count()).toBe(0)
      await button.click()
      await w.raiser.getByRole("button", { name: `${event.rating as number} stars` }).click()
      await w.raiser.getByLabel("Remark").fill(event.remark as string)
      await w.raiser.getByRole("button", { name: "Submit" }).click()
      await expect.poll(() => lastFormMessage(w.raiser), SCREEN).toBe("Feedback submitted successfully!")
    },
  },
  states: {
    open: {
      // The Admin can still answer and close; the raiser's row reads Open and offers no Feedback.
      screen: async (w) => {
        await expect.poll(() => w.admin.getByLabel("Message").count(), SCREEN).toBe(1)
        expect(await w.admin.getByRole("button", { name: "Close Ticket" }).count()).toBe(1)
        await onMyTickets(w)
        expect(await raiserRow(w).textContent()).toContain("Open")
        expect(
          await raiserRow(w)
            .getByRole("button", { name: /^Feedback for/ })
            .count(),
        ).toBe(0)
      },
      api: async (w) => {
        const { data } = await stored(w)
        expect({ status: data.status, userRating: data.userRating, responses: data.responses.length }).toEqual({
          status: false,
          userRating: null,
          responses: w.answers,
        })
      },
    },
    closed: {
      // No input and a disabled 'Closed' for the Admin; the raiser's row offers Feedback.
      screen: async (w) => {
        await expect.poll(() => w.admin.getByTestId("closed-button").isDisabled(), SCREEN).toBe(true)
        expect(await w.admin.getByLabel("Message").count()).toBe(0)
        await onMyTickets(w)
        expect(await raiserRow(w).textContent()).toContain("Closed")
        expect(
          await raiserRow(w)
            .getByRole("button", { name: `Feedback for ${w.ticketId}` })
            .count(),
        ).toBe(1)
      },
      api: async (w) => {
        const { data } = await stored(w)
        expect({ status: data.status, userRating: data.userRating }).toEqual({ status: true, userRating: null })
      },
    },
    feedbackGiven: {
      // The stars replace the Feedback button, for the raiser and for the Admin (with the review).
      screen: async (w) => {
        await onMyTickets(w)
        await expect.poll(() => raiserRow(w).getByLabel(`${RATING} out of 5 stars`).count(), SCREEN).toBe(1)
        await revisit(w.admin, "/my-tickets")
        const row = w.admin.getByRole("row").filter({ hasText: w.query })
        await expect.poll(() => row.getByLabel(`${RATING} out of 5 stars`).count(), SCREEN).toBe(1)
        expect(await row.textContent()).toContain(REMARK)
      },
      api: async (w) => {
        const { data } = await stored(w)
        expect({ status: data.status, userRating: data.userRating, userReview: data.userReview }).toEqual({
          status: true,
          userRating: RATING,
          userReview: REMARK,
        })
      },
    },
  },
}

describeMachinePathsE2e("ticket", spec)
describeSeededRunsE2e("ticket", spec)
