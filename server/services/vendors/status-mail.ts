import type { VendorStatus } from "../../../src/api/contract/common.ts"
import type { Notification } from "../notifications/queue.ts"

const wording: Record<VendorStatus, { title: string; body: (loginUrl: string) => string }> = {
  Approve: { title: "Approved", body: (url) => `Your partner account has been approved. You can sign in at ${url} and start receiving sessions.` },
  "Temp Approve": {
    title: "Temporarily approved",
    body: (url) => `Your partner account has been temporarily approved while we finish checking your documents. You can sign in at ${url}.`,
  },
  Reject: {
    title: "Not approved",
    body: () =>
      "We are sorry: your partner account has not been approved, and you can no longer sign in. Reply to this email if you believe this is a mistake.",
  },
  "Under Review": { title: "Under review", body: () => "Your partner account is under review again. We will email you as soon as a decision is made." },
}

/** The email a vendor receives when an admin changes their status. */
export function statusChangedMail(vendor: { id: string; name: string; email: string }, status: VendorStatus, publicUrl: string): Notification {
  const w = wording[status]
  return {
    template: "vendor.statusChanged",
    entity: { type: "user", id: vendor.id },
    to: vendor.email,
    fields: {
      name: vendor.name,
      status,
      statusTitle: w.title,
      statusMessage: w.body(`${publicUrl}/login`),
      loginUrl: `${publicUrl}/login`,
      profileUrl: `${publicUrl}/profile`,
    },
  }
}
