import { useMemo } from "react"
import { Button, Center, Checkbox, Heading, SimpleGrid, Spinner, Stack, Text, Wrap } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import dayjs from "dayjs"
import { availabilitySlots } from "../../api/contract/availability.ts"
import { myListingMachine } from "../../machines/my-listing.machine.ts"
import { BusyButton } from "../components/busy-button.tsx"
import { FormMessage } from "../components/form-message.tsx"
import { dayLabel, slotLabel } from "../components/slot-label.ts"

/** My Listing: the vendor's availability picker (spec section 2), saved on the server. */
export default function MyListingPage() {
  // The vendor's own today: the 7 dates start from the calendar they live in.
  const today = useMemo(() => dayjs().format("YYYY-MM-DD"), [])
  const actor = useActorRef(myListingMachine, { input: { today } })
  const snapshot = useSelector(actor, (s) => s)
  const { dates, selectedDate, days, makeDefault, message } = snapshot.context
  const ticked = days[selectedDate] ?? []
  const saving = snapshot.matches("saving")

  if (snapshot.matches("loading")) {
    return (
      <Center py="20" aria-busy="true">
        <Spinner role="status" size="lg" aria-label="Loading availability" />
      </Center>
    )
  }
  return (
    <Stack gap="5" maxW="5xl">
      <Heading as="h1" size="lg">
        My Listing
      </Heading>
      {snapshot.matches("loadFailed") ? (
        <Stack align="start">
          <FormMessage message={message} />
          <Button size="sm" onClick={() => actor.send({ type: "availability.reload" })}>
            Try again
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "availability.submit" })
          }}
        >
          <Stack gap="5">
            <Wrap gap="2" role="group" aria-label="Dates">
              {dates.map((date) => (
                <Button
                  key={date}
                  type="button"
                  size="sm"
                  variant={date === selectedDate ? "solid" : "outline"}
                  colorPalette="teal"
                  aria-pressed={date === selectedDate}
                  onClick={() => actor.send({ type: "date.select", date })}
                >
                  {dayLabel(date)}
                </Button>
              ))}
            </Wrap>
            <Stack gap="2" as="fieldset">
              <Text as="legend" fontWeight="semibold" mb="2">
                Available slots on {dayLabel(selectedDate)}
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap="2">
                {availabilitySlots.map((slot) => (
                  <Checkbox.Root
                    key={slot}
                    size="sm"
                    colorPalette="teal"
                    checked={ticked.includes(slot)}
                    onCheckedChange={() => actor.send({ type: "slot.toggle", slot })}
                    disabled={saving}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{slotLabel(slot)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
            </Stack>
            <Checkbox.Root colorPalette="teal" checked={makeDefault} onCheckedChange={() => actor.send({ type: "default.toggle" })} disabled={saving}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Make as default for all dates</Checkbox.Label>
            </Checkbox.Root>
            <FormMessage message={message} />
            <BusyButton type="submit" colorPalette="teal" alignSelf="start" busy={saving} loadingText="Submitting...">
              Submit
            </BusyButton>
          </Stack>
        </form>
      )}
    </Stack>
  )
}
