import { Box, Button, Collapsible } from "@chakra-ui/react"
import { RevisionsPanel, type RevisionsActor } from "../../components/revisions.tsx"

const words = {
  what: "blog",
  restoreQuestion:
    "Its text (name, title, keyword, description and body) becomes the blog's content; the current text stays in the list as a revision. The image stays the current one.",
}

/** The Revisions section of the update page (issue 28), folded until asked for: nothing is read before. */
export function BlogRevisions({ actor }: { actor: RevisionsActor }) {
  return (
    <Collapsible.Root lazyMount onOpenChange={(e) => e.open && actor.send({ type: "revisions.open" })}>
      <Collapsible.Trigger asChild>
        <Button size="xs" variant="outline" alignSelf="start">
          Show revisions
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box mt="3">
          <RevisionsPanel actor={actor} words={words} />
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  )
}
