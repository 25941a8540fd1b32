import type { DeadMail } from "../../api/contract/notifications/notification.ts"
import * as notificationApi from "../../api/notifications/notification.api.ts"
import { listDeadMail } from "../../api/contract/notifications/notification.endpoints.ts"
import { createPagedListMachine } from "../paged-list.machine.ts"

export const UNDELIVERED_EMPTY = "Every email was delivered."

/** Undelivered emails (issue 23): the outbox's dead mails, newest first, 10 a page; Admin only. */
export const undeliveredMailMachine = createPagedListMachine<DeadMail>({
  id: "undeliveredMail",
  call: listDeadMail,
  failureMessage: "Failed to fetch undelivered emails",
  fetchPage: async (request) => {
    const answer = await notificationApi.listDeadMail(request)
    return { rows: [...answer.data], total: answer.totalRecords }
  },
})
