import { Button, CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { updatePasswordMachine } from "../../machines/update-password.machine.ts"
import { renewSession } from "../app/auth-actor.ts"
import { FormMessage } from "./form-message.tsx"
import { PasswordInput } from "./password-input.tsx"

const fields = [
  { field: "oldPassword", label: "Current Password", autoComplete: "current-password" },
  { field: "newPassword", label: "New Password", autoComplete: "new-password" },
  { field: "confirmPassword", label: "Confirm New Password", autoComplete: "new-password" },
] as const

export function UpdatePasswordDialog({ open, onClose, finalFocus }: { open: boolean; onClose: () => void; finalFocus?: () => HTMLElement | null }) {
  const actor = useActorRef(updatePasswordMachine.provide({ actions: { closePanel: onClose, renewSession: (_, session) => renewSession(session) } }))
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <Dialog.Root open={open} finalFocusEl={finalFocus} onOpenChange={(e) => !e.open && actor.send({ type: "panel.close" })}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              onSubmit={(e) => {
                e.preventDefault()
                actor.send({ type: "password.submit" })
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Update Password</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {fields.map(({ field, label, autoComplete }) => (
                    <PasswordInput
                      key={field}
                      label={label}
                      name={field}
                      value={context[field]}
                      visible={context.visible[field]}
                      autoComplete={autoComplete}
                      onChange={(value) => actor.send({ type: "field.change", field, value })}
                      onToggle={() => actor.send({ type: "visibility.toggle", field })}
                    />
                  ))}
                  <FormMessage message={context.message} />
                  {context.note ? (
                    <Text fontSize="sm" color="fg.muted" data-testid="password-note">
                      {context.note}
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
