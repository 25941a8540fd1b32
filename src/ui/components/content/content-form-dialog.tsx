import type { ActorRefFrom } from "xstate"
import { draftKeyOf, type DraftForm } from "../../../api/contract/drafts/drafts.ts"
import { imageFileSpec, type createContentFormMachine, type ImageSpec } from "../../../machines/content/content-form.machine.ts"
import type { FieldSpec } from "../../../machines/form/field-spec.ts"
import { FileField } from "../form/file-field.tsx"
import { FormDialog } from "../form/form-dialog.tsx"
import { FormFields } from "../form/form-fields.tsx"
import { DraftOffer, DraftStatus } from "../form/draft-parts.tsx"
import { useFormDraft } from "../form/use-form-draft.ts"

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
  /** Offer "Choose from library" beside the image (issue 28); the library's own upload does not. */
  library?: boolean
  /** The form's drafts (issue 28): what is typed is kept on the server until saved, and offered when the form opens again. */
  draftForm?: DraftForm
}) {
  const { actor, draftForm } = props
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
          {draftForm ? (
            // One draft per opening of the modal: its key names the form and the item (or a new one).
            <DraftedFields
              key={draftKeyOf(draftForm, context.itemId)}
              actor={actor}
              draftKey={draftKeyOf(draftForm, context.itemId)}
              formId={formId}
              fields={props.fields}
              context={context}
              disabled={disabled}
            />
          ) : (
            <FormFields formId={formId} fields={props.fields} context={context} disabled={disabled} send={send} />
          )}
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
              library={props.library}
              onChange={(file) => send({ type: "file.change", field: image.name, file })}
            />
          ) : null}
        </>
      )}
    </FormDialog>
  )
}

/** The fields of a form with drafts: the offer of a saved draft above them, each change passed on to the draft, its status below. */
function DraftedFields<Item>(props: {
  actor: ContentFormActor<Item>
  draftKey: string
  formId: string
  fields: readonly FieldSpec[]
  context: Parameters<typeof FormFields>[0]["context"]
  disabled: boolean
}) {
  const { draft, send } = useFormDraft(props.actor, props.fields, props.draftKey)
  return (
    <>
      <DraftOffer draft={draft} />
      <FormFields formId={props.formId} fields={props.fields} context={props.context} disabled={props.disabled} send={send} />
      <DraftStatus draft={draft} />
    </>
  )
}
