import type { DeadMail } from "../../api/contract/notifications/notification.ts"
import * as notificationApi from "../../api/notifications/notification.api.ts"
import { retryDeadMail } from "../../api/contract/notifications/notification.endpoints.ts"
import { createConfirmActionMachine } from "../confirm-action.machine.ts"

/** Send again, after confirmation naming the recipient: the mail is queued again and sent at once. */
export const retryMailMachine = createConfirmActionMachine<DeadMail>({
  id: "retryMail",
  call: retryDeadMail,
  run: (mail) => notificationApi.retryDeadMail(mail._id),
  successText: "The email was queued again.",
  failureText: "Failed to queue the email again.",
  networkText: "Could not reach the server. Please try again.",
})
