import { chakra, Stack } from "@chakra-ui/react"
import type { ReactNode } from "react"

/**
 * A label above its control, tied by `htmlFor`, styled like Chakra's Field. Chakra's Field brings the
 * Ark/Zag field machinery, which was a tenth of the sign-in screen's first load (issue 9); the
 * sign-in screens only need the label. `id` is the control's id (React's useId).
 */
export function PlainField(props: { id: string; label: string; children: ReactNode }) {
  return (
    <Stack gap="1.5" width="full">
      <chakra.label htmlFor={props.id} textStyle="sm" fontWeight="medium">
        {props.label}
      </chakra.label>
      {props.children}
    </Stack>
  )
}
