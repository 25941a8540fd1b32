import { Box, Stack, Text } from "@chakra-ui/react"
import type { TicketThread } from "../../../api/contract/tickets/ticket.ts"
import { formatDateTime } from "../../components/format.ts"

/**
 * The conversation: the raiser's messages are questions, the Admin's are answers. The viewer's own
 * messages sit on the right, the other side's on the left.
 */
export function TicketChat({ thread, viewerId }: { thread: TicketThread; viewerId: string }) {
  if (thread.responses.length === 0) {
    return (
      <Text color="fg.muted" py="6" textAlign="center" data-testid="no-responses">
        No responses yet.
      </Text>
    )
  }
  return (
    <Stack gap="3" role="log" aria-label="Responses" data-testid="chat">
      {thread.responses.map((r) => {
        const mine = r.addedBy._id === viewerId
        const isAnswer = r.answer !== null
        return (
          <Box
            key={r._id}
            alignSelf={mine ? "flex-end" : "flex-start"}
            maxW={{ base: "90%", md: "70%" }}
            bg={isAnswer ? "teal.subtle" : "gray.subtle"}
            borderWidth="1px"
            borderColor={isAnswer ? "teal.muted" : "gray.muted"}
            rounded="lg"
            px="4"
            py="2"
            data-testid={isAnswer ? "answer" : "question"}
          >
            <Text fontSize="xs" color="fg.muted" mb="1">
              {isAnswer ? "Answer" : "Question"} · {r.addedBy.name} ({r.addedBy.role}) · {formatDateTime(r.createdAt)}
            </Text>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {r.answer ?? r.question}
            </Text>
          </Box>
        )
      })}
    </Stack>
  )
}
