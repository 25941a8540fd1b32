import { useEffect } from "react"
import { Badge, Spinner, Stack, Text, Wrap } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { vendorAvailabilityMachine } from "../../machines/vendor-availability.machine.ts"
import { dayLabel, slotLabel } from "./slot-label.ts"

/**
 * Which slots a vendor marked available on one date (My Listing), for the Admin's create-session
 * form: embed it with the chosen vendor's id and the form's date ('YYYY-MM-DD').
 */
export function VendorAvailability({ vendorId, date }: { vendorId: string; date: string }) {
  const actor = useActorRef(vendorAvailabilityMachine, { input: { vendorId, date } })
  const snapshot = useSelector(actor, (s) => s)
  useEffect(() => {
    actor.send({ type: "availability.show", vendorId, date })
  }, [actor, vendorId, date])
  if (snapshot.matches("waiting")) return null
  const { slots, isDefault, error } = snapshot.context
  return (
    <Stack gap="2" role="region" aria-label="Vendor availability" data-testid="vendor-availability" aria-busy={snapshot.hasTag("busy")}>
      <Text fontSize="sm" fontWeight="semibold">
        Available on {dayLabel(snapshot.context.date)}
        {isDefault && snapshot.matches("ready") && slots.length > 0 ? " (default hours)" : ""}
      </Text>
      {snapshot.hasTag("busy") ? <Spinner role="status" size="sm" aria-label="Loading availability" /> : null}
      {snapshot.matches("failed") ? (
        <Text role="alert" color="red.600" fontSize="sm">
          {error}
        </Text>
      ) : null}
      {snapshot.matches("ready") && slots.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No slots marked available.
        </Text>
      ) : null}
      {snapshot.matches("ready") && slots.length > 0 ? (
        <Wrap gap="1.5" as="ul" listStyleType="none">
          {slots.map((slot) => (
            <li key={slot}>
              <Badge colorPalette="green" variant="subtle">
                {slotLabel(slot)}
              </Badge>
            </li>
          ))}
        </Wrap>
      ) : null}
    </Stack>
  )
}
