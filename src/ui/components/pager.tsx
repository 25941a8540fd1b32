import { Button, HStack, NativeSelect, Text } from "@chakra-ui/react"
import { useId } from "react"

/**
 * Previous and next buttons and the spec's 'Showing Page: x of y' line; `y+` when the server stopped
 * counting (a search with more matches than it counts), since y is then only a lower bound. An
 * unavailable button is aria-disabled, not disabled: a disabled button drops keyboard focus to the
 * page's top, which happened on every Next (the list is busy while the page loads) and on the last page.
 * A list that offers more than one page size shows a "Rows per page" choice beside the buttons.
 */
export function Pager(props: {
  page: number
  pageCount: number
  more?: boolean
  canPrevious: boolean
  canNext: boolean
  onPrevious: () => void
  onNext: () => void
  pageSize?: number
  pageSizes?: readonly number[]
  onPageSize?: (size: number) => void
}) {
  const sizeId = useId()
  const { pageSize, pageSizes, onPageSize } = props
  return (
    <HStack justify="space-between" mt="4" wrap="wrap" gap="2">
      <Text fontSize="sm" data-testid="page-info">
        Showing Page: {props.page} of {props.pageCount}
        {props.more ? "+" : ""}
      </Text>
      <HStack gap="3" wrap="wrap">
        {pageSize !== undefined && pageSizes && pageSizes.length > 1 && onPageSize ? (
          <HStack gap="2">
            <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
              <label htmlFor={sizeId}>Rows per page</label>
            </Text>
            <NativeSelect.Root size="sm" width="20">
              <NativeSelect.Field id={sizeId} value={String(pageSize)} onChange={(e) => onPageSize(Number(e.target.value))}>
                {pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        ) : null}
        <HStack>
          <Button size="sm" variant="outline" onClick={() => props.canPrevious && props.onPrevious()} aria-disabled={!props.canPrevious}>
            Previous
          </Button>
          <Button size="sm" variant="outline" onClick={() => props.canNext && props.onNext()} aria-disabled={!props.canNext}>
            Next
          </Button>
        </HStack>
      </HStack>
    </HStack>
  )
}
