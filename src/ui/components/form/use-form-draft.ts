import { useEffect, useLayoutEffect, useState } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import type { AnyActorRef } from "xstate"
import type { DraftValues } from "../../../api/contract/drafts/drafts.ts"
import { draftMachine } from "../../../machines/drafts/draft.machine.ts"
import type { FieldSpec, FormValues } from "../../../machines/form/field-spec.ts"
import type { FormEvent } from "../../../machines/form/form.machine.ts"

/** A form's text as its draft keeps it (files are not part of a draft). */
const draftValuesOf = (fields: readonly FieldSpec[], values: FormValues): DraftValues =>
  Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? ""])) as DraftValues

/**
 * A content form's draft (issue 28) beside its form machine: a continued draft's text goes into the form, each
 * field typed is passed on to the draft, a published form removes it, and leaving the form (its page, or its
 * modal closing) saves at once what still waits for the pause. Returns the draft actor and the `send` the
 * form's fields use.
 */
export function useFormDraft(form: AnyActorRef, fields: readonly FieldSpec[], key: string) {
  const [draftLogic] = useState(() =>
    draftMachine.provide({
      actions: {
        restore: (_, { values }) => {
          for (const [field, value] of Object.entries(values)) if (typeof value === "string") form.send({ type: "field.change", field, value })
        },
      },
    }),
  )
  const draft = useActorRef(draftLogic, { input: { key } })
  const published = useSelector(form, (s) => s.hasTag("saved"))
  useEffect(() => {
    if (published) draft.send({ type: "draft.published" })
  }, [published, draft])
  // A layout effect's cleanup runs before the passive one that stops the draft actor: the flush still lands.
  useLayoutEffect(() => () => draft.send({ type: "draft.flush" }), [draft])
  const send = (event: FormEvent<never, never>) => {
    form.send(event)
    if (event.type === "field.change") draft.send({ type: "draft.change", values: draftValuesOf(fields, form.getSnapshot().context.values) })
  }
  return { draft, send }
}
