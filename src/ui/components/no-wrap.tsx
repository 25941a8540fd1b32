import type { ReactNode } from "react"
import { Box } from "@chakra-ui/react"

/** Keeps a cell (a date, a button) on one line; narrow screens scroll the table sideways instead. */
export const NoWrap = ({ children }: { children: ReactNode }) => (
  <Box as="span" whiteSpace="nowrap">
    {children}
  </Box>
)
