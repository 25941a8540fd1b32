import { Button, HStack, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { draftMachine } from "../../../machines/drafts/draft.machine.ts"
import { formatDateTime } from "../format.ts"

type DraftActor = ActorRefFrom<typeof draftMachine>

/** "You have an unpublished draft of this form, saved …": Continue draft or Discard draft (issue 28). */
export function DraftOffer({ draft }: { draft: DraftActor }) {
  const offered = useSelector(draft, (s) => (s.matches("offering") ? s.context.offered : null))
  if (!offered) return null
  return (
    <Stack role="status" gap="2" p="3" rounded="md" borderWidth="1px" borderColor="teal.muted" bg="teal.subtle" data-testid="draft-offer">
      <Text fontSize="sm">You have an unpublished draft of this form, saved {formatDateTime(offered.updatedAt)}.</Text>
      <HStack gap="2">
        <Button size="xs" colorPalette="teal" onClick={() => draft.send({ type: "draft.continue" })}>
          Continue draft
        </Button>
        <Button size="xs" variant="outline" onClick={() => draft.send({ type: "draft.discard" })}>
          Discard draft
        </Button>
      </HStack>
    </Stack>
  )
}

/** "Draft saved …", or why it could not be. */
export function DraftStatus({ draft }: { draft: DraftActor }) {
  const savedAt = useSelector(draft, (s) => s.context.savedAt)
  const error = useSelector(draft, (s) => s.context.error)
  return (
    <Text fontSize="sm" color={error ? "fg.error" : "fg.muted"} aria-live="polite" data-testid="draft-status">
      {error ?? (savedAt ? `Draft saved ${formatDateTime(savedAt)}` : "")}
    </Text>
  )
}
