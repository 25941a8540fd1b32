import type { ActorRefFrom } from "xstate"
import { imageFileSpec, type createContentFormMachine, type ImageSpec } from "../../../machines/content/content-form.machine.ts"
import type { FieldSpec } from "../../../machines/form/field-spec.ts"
import { FileField } from "../form/file-field.tsx"
import { FormDialog } from "../form/form-dialog.tsx"
import { FormFields } from "../form/form-fields.tsx"

export type ContentFormActor<Item> = ActorRefFrom<ReturnType<typeof createContentFormMachine<Item>>>

/**
 * The Add/Update modal of a content screen. Open while the machine is not closed; shows the success
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
  const image = props.image ? imageFileSpec(props.image) : null
  return (
    <FormDialog
      actor={actor}
      title={(mode) => props.titles[mode]}
      submitLabel={(mode) => props.submitLabels?.[mode] ?? "Save"}
      busyLabel={(mode) => (mode === "update" ? "Updating..." : "Saving...")}
    >
      {({ formId, context, disabled, send }) => (
        <>
          <FormFields formId={formId} fields={props.fields} context={context} disabled={disabled} send={send} />
          {image ? (
            <FileField
              formId={formId}
              spec={image}
              state={context.files[image.name]}
              mode={context.mode}
              error={context.errors[image.name]}
              disabled={disabled}
              preview={context.preview}
              showPreview
              onChange={(file) => send({ type: "file.change", field: image.name, file })}
            />
          ) : null}
        </>
      )}
    </FormDialog>
  )
}
