import { useEffect, useRef } from "react"
import { Button, Field, HStack, Input } from "@chakra-ui/react"
import { QUERY_TEXT_MAX_LENGTH } from "../../../api/contract/common.ts"

/**
 * Search by name, email or number. The text stays in the input until Search (or Enter) sends it,
 * so typing makes no call per keystroke.
 */
export function SearchBox({
  label = "Search by name, email or number",
  onSearch,
  disabled,
  current = "",
}: {
  label?: string
  onSearch: (search: string) => void
  disabled?: boolean
  /** The list's search (from the URL on reload or back): the input shows it. */
  current?: string
}) {
  // Back/forward or a reload changes the list's search: the input follows without being remounted (focus stays).
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (input.current && input.current.value !== current) input.current.value = current
  }, [current])
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault()
        // React passes a submit on through portals: a search in a dialog over a form (the library picker
        // beside a blog's image) must not submit that form too.
        e.stopPropagation()
        if (disabled) return
        onSearch(String(new FormData(e.currentTarget).get("search") ?? ""))
      }}
    >
      <HStack align="end" gap="2" maxW="lg">
        <Field.Root>
          <Field.Label fontSize="sm">{label}</Field.Label>
          <Input ref={input} name="search" type="search" size="sm" bg="bg" autoComplete="off" maxLength={QUERY_TEXT_MAX_LENGTH} defaultValue={current} />
        </Field.Root>
        {/* aria-disabled keeps focus on the button while the list loads (a disabled one drops it). */}
        <Button type="submit" size="sm" variant="outline" aria-disabled={disabled}>
          Search
        </Button>
      </HStack>
    </form>
  )
}
