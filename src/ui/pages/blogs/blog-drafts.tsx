import { Box, Button, chakra, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import { draftHref, myDraftsMachine } from "../../../machines/blogs/my-drafts.machine.ts"
import { formatDateTime } from "../../components/format.ts"

/** The person's unpublished drafts, above the published blogs (issue 28); nothing when there are none. */
export function BlogDrafts() {
  const actor = useActorRef(myDraftsMachine)
  const drafts = useSelector(actor, (s) => s.context.drafts)
  const error = useSelector(actor, (s) => (s.matches("failed") ? s.context.error : null))
  if (error) {
    return (
      <HStack gap="2">
        <Text role="alert" fontSize="sm" color="fg.error">
          {error}
        </Text>
        <Button size="xs" variant="outline" onClick={() => actor.send({ type: "drafts.reload" })}>
          Try again
        </Button>
      </HStack>
    )
  }
  if (drafts.length === 0) return null
  return (
    <Box as="section" aria-labelledby="drafts-heading" borderWidth="1px" rounded="md" p="4" bg="bg" data-testid="blog-drafts">
      <Heading as="h2" size="sm" id="drafts-heading" mb="2">
        Your drafts
      </Heading>
      <chakra.ul listStyleType="none" display="grid" gap="1">
        {drafts.map((d) => (
          <li key={d.key}>
            <Stack direction={{ base: "column", sm: "row" }} gap={{ base: "0", sm: "2" }}>
              <Link asChild colorPalette="teal">
                <RouterLink href={draftHref(d.key)}>{d.title}</RouterLink>
              </Link>
              <Text fontSize="sm" color="fg.muted">
                {d.key.endsWith(":new") ? "new blog" : "changes to a published blog"}, saved {formatDateTime(d.updatedAt)}
              </Text>
            </Stack>
          </li>
        ))}
      </chakra.ul>
    </Box>
  )
}
