import { Button, HStack, Text } from "@chakra-ui/react"

/** Previous and next buttons and the spec's 'Showing Page: x of y' line. */
export function Pager(props: { page: number; pageCount: number; canPrevious: boolean; canNext: boolean; onPrevious: () => void; onNext: () => void }) {
  return (
    <HStack justify="space-between" mt="4" wrap="wrap" gap="2">
      <Text fontSize="sm" data-testid="page-info">
        Showing Page: {props.page} of {props.pageCount}
      </Text>
      <HStack>
        <Button size="sm" variant="outline" onClick={props.onPrevious} disabled={!props.canPrevious}>
          Previous
        </Button>
        <Button size="sm" variant="outline" onClick={props.onNext} disabled={!props.canNext}>
          Next
        </Button>
      </HStack>
    </HStack>
  )
}
