import { Text } from "@chakra-ui/react"
import type { Message } from "../../machines/account/login.machine.ts"

/** Success in green, errors in red (spec section 8); announced to screen readers. */
export function FormMessage({ message }: { message: Message | null }) {
  if (!message) return null
  return (
    <Text
      role={message.tone === "error" ? "alert" : "status"}
      color={message.tone === "error" ? "fg.error" : "fg.success"}
      fontSize="sm"
      data-testid="form-message"
    >
      {message.text}
    </Text>
  )
}
