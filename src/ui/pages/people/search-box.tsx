import { Button, Field, HStack, Input } from "@chakra-ui/react"

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
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(String(new FormData(e.currentTarget).get("search") ?? ""))
      }}
    >
      <HStack align="end" gap="2" maxW="lg">
        <Field.Root>
          <Field.Label fontSize="sm">{label}</Field.Label>
          <Input key={current} name="search" type="search" size="sm" bg="bg" autoComplete="off" defaultValue={current} />
        </Field.Root>
        <Button type="submit" size="sm" variant="outline" disabled={disabled}>
          Search
        </Button>
      </HStack>
    </form>
  )
}
