import { useState } from "react"
import { Button } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { authActor, selectUser } from "../app/auth-actor.ts"
import { DetailsDialog } from "./details-dialog.tsx"
import { RecordHistory } from "./record-history.tsx"

/**
 * The History tab of a record that lives in a list row or a card (an editor, an expert, a gallery image):
 * a button beside its Edit and Delete that opens its timeline in a modal. Only Admins read the event log,
 * so nobody else sees the button.
 */
export function RecordHistoryButton(props: {
  entityType: string
  entityId: string
  /** Names the record in the button's accessible name and the modal's title: 'History of Dr. Kavita Menon'. */
  name: string
  workflow?: { id: string; stateId?: string }
  size?: "xs" | "sm"
}) {
  const isAdmin = useSelector(authActor, (s) => selectUser(s)?.role === "Admin")
  // Which modal is open is the view's own concern: nothing outside this button reads or changes it.
  const [open, setOpen] = useState(false)
  if (!isAdmin) return null
  const title = `History of ${props.name}`
  return (
    <>
      <Button aria-haspopup="dialog" data-dialog="history" size={props.size ?? "sm"} variant="outline" aria-label={title} onClick={() => setOpen(true)}>
        History
      </Button>
      <DetailsDialog open={open} title={title} onClose={() => setOpen(false)}>
        {open ? <RecordHistory entityType={props.entityType} entityId={props.entityId} {...(props.workflow ? { workflow: props.workflow } : {})} /> : null}
      </DetailsDialog>
    </>
  )
}
