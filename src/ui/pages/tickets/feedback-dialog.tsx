import { Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { feedbackMachine } from "../../../machines/feedback.machine.ts"
import { FormMessage } from "../../components/form-message.tsx"
import { StarRating } from "./star-rating.tsx"

/** The feedback modal of a closed ticket: stars 1 to 5 and a remark, both required. */
export function FeedbackDialog({ actor }: { actor: ActorRefFrom<typeof feedbackMachine> }) {
  const open = useSelector(actor, (s) => !s.matches("closed"))
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const done = useSelector(actor, (s) => s.matches("succeeded"))
  return (
    <Dialog.Root lazyMount unmountOnExit open={open} onOpenChange={(e) => !e.open && actor.send({ type: "feedback.close" })}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                actor.send({ type: "feedback.submit" })
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Feedback for {context.ticketId}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root required invalid={!!context.errors.rating}>
                    <Field.Label as="span">
                      Rating <Field.RequiredIndicator />
                    </Field.Label>
                    <StarRating value={context.rating} invalid={!!context.errors.rating} disabled={busy || done} onChange={(rating) => actor.send({ type: "rating.set", rating })} />
                    <Field.ErrorText>{context.errors.rating}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={!!context.errors.remark} disabled={busy || done}>
                    <Field.Label>
                      Remark <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea name="remark" rows={3} value={context.remark} onChange={(e) => actor.send({ type: "field.remark", value: e.target.value })} />
                    <Field.ErrorText>{context.errors.remark}</Field.ErrorText>
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
                <Button variant="outline" onClick={() => actor.send({ type: "feedback.close" })} disabled={busy}>
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
  )
}
