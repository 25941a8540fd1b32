import { Button, CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { useId } from "react"
import { updatePasswordFields, updatePasswordMachine } from "../../../machines/account/update-password.machine.ts"
import { renewSession } from "../../app/auth-actor.ts"
import { FormFields } from "../../components/form/form-fields.tsx"
import { useFieldFocus } from "../../components/form/use-field-focus.ts"
import { FormMessage } from "../../components/form-message.tsx"

export function UpdatePasswordDialog({ open, onClose, finalFocus }: { open: boolean; onClose: () => void; finalFocus?: () => HTMLElement | null }) {
  const actor = useActorRef(updatePasswordMachine.provide({ actions: { finished: onClose, submitted: (_, { output }) => renewSession(output.data) } }))
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const formId = useId()
  useFieldFocus(formId, context.focus)
  return (
    <Dialog.Root
      open={open}
      finalFocusEl={finalFocus}
      onOpenChange={(e) => {
        if (e.open) return
        actor.send({ type: "form.reset" })
        onClose()
      }}
    >
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
                <Dialog.Title>Update Password</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormFields formId={formId} fields={updatePasswordFields} context={context} disabled={busy} send={actor.send} />
                  <FormMessage message={context.message} />
                  {context.detail ? (
                    <Text fontSize="sm" color="fg.muted" data-testid="password-note">
                      {context.detail}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="submit" colorPalette="teal" loading={busy} loadingText="Updating..." aria-busy={busy}>
                  Update
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
