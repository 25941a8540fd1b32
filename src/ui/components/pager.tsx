import { Button, HStack, Text } from "@chakra-ui/react"

/**
 * Previous and next buttons and the spec's 'Showing Page: x of y' line; `y+` when the server stopped
 * counting (a search with more matches than it counts), since y is then only a lower bound. An
 * unavailable button is aria-disabled, not disabled: a disabled button drops keyboard focus to the
 * page's top, which happened on every Next (the list is busy while the page loads) and on the last page.
 */
export function Pager(props: {
  page: number
  pageCount: number
  more?: boolean
  canPrevious: boolean
  canNext: boolean
  onPrevious: () => void
  onNext: () => void
}) {
  return (
    <HStack justify="space-between" mt="4" wrap="wrap" gap="2">
      <Text fontSize="sm" data-testid="page-info">
        Showing Page: {props.page} of {props.pageCount}
        {props.more ? "+" : ""}
      </Text>
      <HStack>
        <Button size="sm" variant="outline" onClick={() => props.canPrevious && props.onPrevious()} aria-disabled={!props.canPrevious}>
          Previous
        </Button>
        <Button size="sm" variant="outline" onClick={() => props.canNext && props.onNext()} aria-disabled={!props.canNext}>
          Next
        </Button>
      </HStack>
    </HStack>
  )
}
