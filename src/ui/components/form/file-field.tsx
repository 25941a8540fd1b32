import { Box, Button, chakra, HStack, Image, Stack, Text } from "@chakra-ui/react"
import { useEffect, useMemo, useRef } from "react"
import type { ChosenFile, FileSpec, FileState, FormMode } from "../../../machines/form/field-spec.ts"
import { isLibraryPick, libraryPick } from "../../../api/media/library-pick.ts"
import { LibraryPicker } from "../media/library-picker.tsx"
import { fieldId } from "./form-field.tsx"

/**
 * A file field of a form: label tied to the file input, what is chosen, the error under it with a way
 * to take a refused file away, and (images) a preview of the chosen file or the stored one.
 */
export function FileField(props: {
  formId: string
  spec: FileSpec
  state: FileState | undefined
  mode: FormMode
  error?: string
  disabled?: boolean
  /** The stored image of the record being edited. */
  preview?: string | null
  /** Show a preview of the chosen image. */
  showPreview?: boolean
  hint?: string
  /** Offer "Choose from library" beside the file input (content images, issue 28). */
  library?: boolean
  onChange: (file: ChosenFile | null) => void
}) {
  const { spec, formId, error } = props
  const id = fieldId(formId, spec.name)
  const input = useRef<HTMLInputElement>(null)
  const file = props.state?.file ?? null
  const required = spec.required === true || (spec.required === "add" && props.mode === "add")
  const picked = isLibraryPick(file) ? file : null
  const chosen = useMemo(() => (props.showPreview && file && !isLibraryPick(file) ? URL.createObjectURL(file) : null), [file, props.showPreview])
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen])
  // A refused or removed file is not kept: clear the input so it does not look chosen. Each choice makes
  // a new state, so a second refused file clears the input too.
  const state = props.state
  useEffect(() => {
    if ((!state?.file || isLibraryPick(state.file)) && input.current) input.current.value = ""
  }, [state])
  const preview = chosen ?? (props.showPreview ? picked?.url : null) ?? props.preview ?? null
  const hint = props.hint ?? (spec.required === "add" && props.mode === "update" ? "Leave empty to keep the current image." : undefined)
  return (
    <Stack gap="1.5" width="full" data-field={spec.name}>
      <HStack gap="1" align="baseline">
        <chakra.label htmlFor={id} textStyle="sm" fontWeight="medium">
          {spec.label}
          {spec.required === false ? " (optional)" : null}
        </chakra.label>
        {required ? (
          <chakra.span color="fg.error" aria-hidden="true" textStyle="sm">
            *
          </chakra.span>
        ) : null}
      </HStack>
      <chakra.input
        ref={input}
        id={id}
        type="file"
        name={spec.name}
        accept={spec.accept}
        disabled={props.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        aria-required={required || undefined}
        textStyle="sm"
        borderWidth="1px"
        rounded="l2"
        p="1"
        onChange={(e) => props.onChange(e.target.files?.[0] ?? null)}
      />
      {props.library ? <LibraryPicker label={spec.label} disabled={props.disabled} onPick={(item) => props.onChange(libraryPick(item))} /> : null}
      {hint ? (
        <Text id={`${id}-hint`} fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={`${id}-error`} role="alert" fontSize="sm" color="fg.error" data-testid={`field-error-${spec.name}`}>
          {error}
          {props.state?.refused && !required ? (
            <Button variant="plain" size="xs" colorPalette="red" textDecoration="underline" ms="2" onClick={() => props.onChange(null)}>
              Remove this file
            </Button>
          ) : null}
        </Text>
      ) : null}
      {preview ? (
        <Box mt="2">
          <Image src={preview} alt={`${spec.label} preview`} maxH="40" rounded="md" borderWidth="1px" data-testid="image-preview" />
          {file ? (
            <Text fontSize="xs" color="fg.muted" mt="1" data-testid="chosen-image">
              {picked ? `From the library: ${picked.name}` : file.name}
            </Text>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  )
}
