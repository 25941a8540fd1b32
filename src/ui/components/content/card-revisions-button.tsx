import { useEffect, useState } from "react"
import { Button } from "@chakra-ui/react"
import { useActorRef } from "@xstate/react"
import type { createRevisionsMachine } from "../../../machines/revisions.machine.ts"
import { DetailsDialog } from "../details-dialog.tsx"
import { RevisionsPanel, type RevisionsWords } from "../revisions.tsx"
import { notify } from "../toaster.tsx"

type RevisionsMachine = ReturnType<typeof createRevisionsMachine>

/** What a card screen's Revisions show (issue 28): the kind's machine and its words. */
export interface CardRevisionsConfig {
  machine: RevisionsMachine
  words: RevisionsWords
}

/**
 * A card's Revisions (issue 28): a button beside its Edit that opens every revision of the card in a modal,
 * where two are compared and an earlier one restored. A restore reloads the screen's cards.
 */
export function CardRevisionsButton(props: { config: CardRevisionsConfig; itemId: string; name: string; onRestored: () => void }) {
  // Which modal is open is the view's own concern; the revisions are read afresh each time it opens.
  const [open, setOpen] = useState(false)
  const title = `Revisions of ${props.name}`
  return (
    <>
      <Button aria-haspopup="dialog" data-dialog="revisions" size="sm" variant="outline" aria-label={title} onClick={() => setOpen(true)}>
        Revisions
      </Button>
      <DetailsDialog open={open} title={title} onClose={() => setOpen(false)}>
        {open ? <CardRevisions config={props.config} itemId={props.itemId} onRestored={props.onRestored} /> : null}
      </DetailsDialog>
    </>
  )
}

function CardRevisions(props: { config: CardRevisionsConfig; itemId: string; onRestored: () => void }) {
  const [logic] = useState(() => props.config.machine.provide({ actions: { notify: (_, { text, tone }) => notify(text, tone), restored: props.onRestored } }))
  const actor = useActorRef(logic, { input: { itemId: props.itemId } })
  // The modal shows the revisions at once: opening it is asking for them.
  useEffect(() => actor.send({ type: "revisions.open" }), [actor])
  return <RevisionsPanel actor={actor} words={props.config.words} />
}
