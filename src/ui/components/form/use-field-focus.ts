import { useEffect } from "react"
import { fieldId } from "./input-field.tsx"

/**
 * Moves the focus to the field the form machine names (the first invalid one after a refused submit,
 * or the one a server refusal was about). `seq` changes on every such submit, so a repeat refocuses.
 */
export function useFieldFocus(formId: string, focus: { field: string; seq: number } | null) {
  useEffect(() => {
    if (!focus) return
    const control = document.getElementById(fieldId(formId, focus.field))
    control?.focus()
  }, [formId, focus])
}
