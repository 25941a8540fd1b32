import { Button, HStack } from "@chakra-ui/react"
import { RATING_MAX } from "../../../api/contract/tickets/ticket.ts"

const stars = Array.from({ length: RATING_MAX }, (_, i) => i + 1)

/** Rating 1 to 5 by star click (spec section 5); each star is a button, so the keyboard works too. */
export function StarRating(props: { value: number; onChange: (rating: number) => void; disabled?: boolean; invalid?: boolean; id?: string }) {
  return (
    <HStack gap="1" role="group" aria-label="Rating" data-testid="star-rating">
      {stars.map((n) => (
        <Button
          // The first star carries the field's id, so a refused submit can move the focus to the rating.
          id={n === 1 ? props.id : undefined}
          key={n}
          size="sm"
          variant="ghost"
          px="1"
          fontSize="2xl"
          lineHeight="1"
          color={n <= props.value ? "orange.400" : props.invalid ? "red.300" : "gray.300"}
          aria-label={`${n} star${n === 1 ? "" : "s"}`}
          aria-pressed={n === props.value}
          disabled={props.disabled}
          onClick={() => props.onChange(n)}
        >
          ★
        </Button>
      ))}
    </HStack>
  )
}

/** A read-only rating, e.g. in the Admin's ticket table. */
export function StarsShown({ rating }: { rating: number }) {
  return (
    <span aria-label={`${rating} out of ${RATING_MAX} stars`} title={`${rating} out of ${RATING_MAX}`} style={{ whiteSpace: "nowrap" }}>
      <span style={{ color: "var(--chakra-colors-orange-400)" }}>{"★".repeat(rating)}</span>
      <span style={{ color: "var(--chakra-colors-gray-300)" }}>{"★".repeat(RATING_MAX - rating)}</span>
    </span>
  )
}
