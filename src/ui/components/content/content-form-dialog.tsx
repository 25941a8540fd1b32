import { Button, CloseButton, Dialog, Portal, Stack } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { createContentFormMachine } from "../../../machines/content-form.machine.ts"
import { IMAGE_KEY, type FieldSpec, type ImageSpec } from "../../../machines/content-validation.ts"
import { FormMessage } from "../form-message.tsx"
import { FormFields } from "./form-fields.tsx"
import { ImageInput } from "./image-input.tsx"

export type ContentFormActor<Item> = ActorRefFrom<ReturnType<typeof createContentFormMachine<Item>>>

/**
 * The Add/Update modal of a content screen. Open while the machine is `open`; shows the success
 * message until the machine closes it about 1 s after the save.
 */
export function ContentFormDialog<Item>(props: {
  actor: ContentFormActor<Item>
  fields: readonly FieldSpec[]
  image: ImageSpec | null
  titles: { add: string; update: string }
  submitLabels?: { add: string; update: string }
}) {
  const { actor } = props
  const open = useSelector(actor, (s) => s.matches("open"))
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const saved = useSelector(actor, (s) => s.hasTag("saved"))
  const canSubmit = useSelector(actor, (s) => s.can({ type: "form.submit" }))
  const isUpdate = context.mode === "update"
  const submitLabel = (isUpdate ? props.submitLabels?.update : props.submitLabels?.add) ?? "Save"
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && actor.send({ type: "form.close" })} closeOnInteractOutside={!busy}>
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
                <Dialog.Title>{isUpdate ? props.titles.update : props.titles.add}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormFields fields={props.fields} values={context.values} errors={context.errors} disabled={busy || saved} onChange={(field, value) => actor.send({ type: "field.change", field, value })} />
                  {props.image ? (
                    <ImageInput
                      label={props.image.label}
                      name={IMAGE_KEY}
                      file={context.file}
                      currentImage={context.currentImage}
                      required={!isUpdate}
                      error={context.errors[IMAGE_KEY]}
                      disabled={busy || saved}
                      onChange={(file) => actor.send({ type: "file.change", file })}
                    />
                  ) : null}
                  <FormMessage message={context.message} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => actor.send({ type: "form.close" })} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="teal" loading={busy} loadingText={isUpdate ? "Updating..." : "Saving..."} aria-busy={busy} disabled={!canSubmit}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
