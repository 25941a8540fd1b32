import { Button } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useState } from "react"
import type { TicketAnswer } from "../../../api/contract/tickets/ticket.ts"
import { raiseTicketMachine } from "../../../machines/tickets/raise-ticket.machine.ts"

// The form's dialog, fields and file picker are a chunk of their own, fetched when someone shows they may want it
// (pointer over or focus on the button) and drawn once the form opens: the dashboard, every role's first screen,
// carried it for the few who raise a ticket from there (about 40 of its 90 KB, gzipped).
const loadForm = () => import("./raise-ticket-form.tsx")
const RaiseTicketForm = lazy(loadForm)

/**
 * The Raise Ticket button and its form, the same on My Tickets (floating) and on the dashboard.
 * `onSubmitted` runs after a ticket is created (My Tickets reloads its list); it is taken from the
 * first render, so it must only use stable things (an actor ref).
 */
export function RaiseTicket(props: { floating?: boolean; onSubmitted?: (answer: TicketAnswer) => void }) {
  const { onSubmitted } = props
  const actor = useActorRef(raiseTicketMachine.provide({ actions: { submitted: (_, { output }) => onSubmitted?.(output) } }))
  const open = useSelector(actor, (s) => !s.matches("closed"))
  // Once drawn, the form stays mounted (closed), as it was before it had a chunk of its own.
  const [wanted, setWanted] = useState(false)
  if (open && !wanted) setWanted(true)
  return (
    <>
      <Button
        aria-haspopup="dialog"
        data-dialog="raise"
        colorPalette="teal"
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        onClick={() => actor.send({ type: "form.open" })}
        {...(props.floating ? { position: "fixed", bottom: "6", right: "6", zIndex: "docked", shadow: "lg", rounded: "full", size: "lg" } : {})}
      >
        + Raise Ticket
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <RaiseTicketForm actor={actor} />
        </Suspense>
      ) : null}
    </>
  )
}
