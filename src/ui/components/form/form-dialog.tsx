import { Button, CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useId, useState, type ReactNode } from "react"
import type { AnyActorRef } from "xstate"
import type { FormMode } from "../../../machines/form/field-spec.ts"
import type { FormContext, FormEvent } from "../../../machines/form/form.machine.ts"
import { ConfirmDialog } from "../confirm-dialog.tsx"
import { FormMessage } from "../form-message.tsx"
import { useFieldFocus } from "./use-field-focus.ts"

/** A text that may differ between adding and updating ('Add Expert' / 'Update Expert'). */
type ByMode<T> = T | ((mode: FormMode) => T)
const byMode = <T,>(value: ByMode<T>, mode: FormMode): T => (typeof value === "function" ? (value as (mode: FormMode) => T)(mode) : value)

export interface FormView {
  formId: string
  context: FormContext<unknown>
  /** Busy or already saved: the fields wait. */
  disabled: boolean
  send: (event: FormEvent<never, never>) => void
}

/**
 * The modal of a form machine made with `createFormMachine({ modal: true })`: open unless the machine
 * is closed; its fields (the children), the form's message and detail, Cancel and the submit button
 * with its busy text. Enter in a field submits; the first invalid field gets the focus.
 */
export function FormDialog(props: {
  actor: AnyActorRef
  title: ByMode<ReactNode>
  submitLabel: ByMode<string>
  busyLabel: ByMode<string>
  size?: "sm" | "md" | "lg"
  /** Asks before sending when `needed` (a session booked outside the counsellor's free times). */
  confirmSubmit?: { needed: (context: FormContext<unknown>) => boolean; title: string; question: string; confirmLabel: string }
  children: (view: FormView) => ReactNode
}) {
  const { actor } = props
  const open = useSelector(actor, (s) => !s.matches("closed"))
  const context = useSelector(actor, (s) => s.context as FormContext<unknown>)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const saved = useSelector(actor, (s) => s.hasTag("saved"))
  const canSubmit = useSelector(actor, (s) => s.can({ type: "form.submit" }))
  const formId = useId()
  useFieldFocus(formId, context.focus)
  const send = (event: FormEvent<never, never>) => actor.send(event)
  const [asking, setAsking] = useState(false)
  return (
    <Dialog.Root
      lazyMount
      unmountOnExit
      open={open}
      size={props.size}
      onOpenChange={(e) => !e.open && actor.send({ type: "form.close" })}
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                if (props.confirmSubmit?.needed(context)) setAsking(true)
                else actor.send({ type: "form.submit" })
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{byMode(props.title, context.mode)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {props.children({ formId, context, disabled: busy || saved, send })}
                  <FormMessage message={context.message} />
                  {context.detail ? (
                    <Text fontSize="sm" color={context.message?.tone === "error" ? "fg.error" : "fg.muted"} data-testid="form-detail">
                      {context.detail}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => actor.send({ type: "form.close" })} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  colorPalette="teal"
                  loading={busy}
                  loadingText={byMode(props.busyLabel, context.mode)}
                  aria-busy={busy}
                  disabled={saved || !canSubmit}
                >
                  {byMode(props.submitLabel, context.mode)}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {props.confirmSubmit ? (
        <ConfirmDialog
          open={asking}
          title={props.confirmSubmit.title}
          question={props.confirmSubmit.question}
          confirmLabel={props.confirmSubmit.confirmLabel}
          onConfirm={() => {
            setAsking(false)
            actor.send({ type: "form.submit" })
          }}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </Dialog.Root>
  )
}
