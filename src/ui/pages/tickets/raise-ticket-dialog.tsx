import { useRef } from "react"
import { Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, Stack, Text, Textarea } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { ticketImageExtensions, ticketTypes, type TicketAnswer, type TicketType } from "../../../api/contract/ticket.ts"
import { raiseTicketMachine } from "../../../machines/raise-ticket.machine.ts"
import { FormMessage } from "../../components/form-message.tsx"

/**
 * The Raise Ticket button and its form, the same on My Tickets (floating) and on the dashboard.
 * `onSubmitted` runs after a ticket is created (My Tickets reloads its list); it is taken from the
 * first render, so it must only use stable things (an actor ref).
 */
export function RaiseTicket(props: { floating?: boolean; onSubmitted?: (answer: TicketAnswer) => void }) {
  const { onSubmitted } = props
  const actor = useActorRef(raiseTicketMachine.provide({ actions: { submitted: (_, { answer }) => onSubmitted?.(answer) } }))
  const open = useSelector(actor, (s) => !s.matches("closed"))
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const done = useSelector(actor, (s) => s.matches("succeeded"))
  const fileInput = useRef<HTMLInputElement>(null)

  const button = (
    <Button aria-haspopup="dialog" data-dialog="raise"
      colorPalette="teal"
      onClick={() => actor.send({ type: "form.open" })}
      {...(props.floating ? { position: "fixed", bottom: "6", right: "6", zIndex: "docked", shadow: "lg", rounded: "full", size: "lg" } : {})}
    >
      + Raise Ticket
    </Button>
  )
  return (
    <>
      {button}
      <Dialog.Root lazyMount unmountOnExit open={open} onOpenChange={(e) => !e.open && actor.send({ type: "form.close" })}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault()
                  actor.send({ type: "form.submit" })
                }}
              >
                <Dialog.Header>
                  <Dialog.Title>Raise Ticket</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Field.Root required invalid={!!context.errors.ticketType} disabled={busy || done}>
                      <Field.Label>
                        Ticket Type <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          name="ticketType"
                          value={context.ticketType}
                          onChange={(e) => actor.send({ type: "field.ticketType", value: e.target.value as TicketType | "" })}
                        >
                          <option value="">Select ticket type</option>
                          {ticketTypes.map((t) => (
                            <option key={t} value={t}>
                              {t}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{context.errors.ticketType}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root required invalid={!!context.errors.query} disabled={busy || done}>
                      <Field.Label>
                        Query <Field.RequiredIndicator />
                      </Field.Label>
                      <Textarea name="query" rows={4} value={context.query} onChange={(e) => actor.send({ type: "field.query", value: e.target.value })} />
                      <Field.ErrorText>{context.errors.query}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!context.errors.image} disabled={busy || done}>
                      <Field.Label>Image (optional)</Field.Label>
                      <Input
                        ref={fileInput}
                        type="file"
                        name="image"
                        p="1"
                        accept={ticketImageExtensions.join(",")}
                        onChange={(e) => {
                          const file = e.target.files?.[0] ?? null
                          actor.send({ type: "image.choose", file })
                          // A refused file is not kept: clear the input so it does not look chosen.
                          if (actor.getSnapshot().context.image === null && fileInput.current) fileInput.current.value = ""
                        }}
                      />
                      <Field.HelperText>Only .png, .jpg or .jpeg</Field.HelperText>
                      <Field.ErrorText>
                        {context.errors.image}
                        {context.errors.image ? (
                          <Button variant="plain" size="xs" colorPalette="red" textDecoration="underline" onClick={() => actor.send({ type: "image.choose", file: null })}>
                            Send without an image
                          </Button>
                        ) : null}
                      </Field.ErrorText>
                    </Field.Root>
                    <FormMessage message={context.message} />
                    {context.detail ? (
                      <Text fontSize="sm" color="red.600" data-testid="form-detail">
                        {context.detail}
                      </Text>
                    ) : null}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={() => actor.send({ type: "form.close" })} disabled={busy}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="teal" loading={busy} loadingText="Submitting..." aria-busy={busy} disabled={done}>
                    Submit
                  </Button>
                </Dialog.Footer>
              </form>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}
