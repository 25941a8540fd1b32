import { useEffect, useMemo } from "react"
import { Box, Field, Image, Input, Text } from "@chakra-ui/react"
import { contentImageTypes } from "../../../api/contract/content-common.ts"

/**
 * An image file field with a preview: the chosen file, else the stored image (update), else nothing.
 * Only image files can be picked; the machine checks the type again and the server checks the bytes.
 */
export function ImageInput(props: {
  label: string
  name: string
  file: File | null
  currentImage: string | null
  required: boolean
  error?: string
  disabled?: boolean
  onChange: (file: File | null) => void
}) {
  const chosen = useMemo(() => (props.file ? URL.createObjectURL(props.file) : null), [props.file])
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen])
  const preview = chosen ?? props.currentImage
  return (
    <Field.Root required={props.required} invalid={Boolean(props.error)}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        type="file"
        name={props.name}
        accept={contentImageTypes.join(",")}
        p="1"
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.files?.[0] ?? null)}
      />
      {props.required ? null : <Field.HelperText>Leave empty to keep the current image.</Field.HelperText>}
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
      {preview ? (
        <Box mt="2">
          <Image src={preview} alt={`${props.label} preview`} maxH="40" rounded="md" borderWidth="1px" data-testid="image-preview" />
          {props.file ? (
            <Text fontSize="xs" color="fg.muted" mt="1">
              {props.file.name}
            </Text>
          ) : null}
        </Box>
      ) : null}
    </Field.Root>
  )
}
