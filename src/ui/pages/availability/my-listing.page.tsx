import { useMemo } from "react"
import { Button, Center, Checkbox, Heading, SimpleGrid, Spinner, Stack, Text, Wrap } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { timeOnViewerClock, todayOnViewerClock } from "../../../machines/account/viewer-zone.ts"
import { availabilitySlots, weekdayNames, weekdayOf } from "../../../api/contract/availability/availability.ts"
import { myListingMachine } from "../../../machines/availability/my-listing.machine.ts"
import { BusyButton } from "../../components/busy-button.tsx"
import { FormMessage } from "../../components/form-message.tsx"
import { dayLabel, slotLabel } from "../../components/slot-label.ts"
import { viewerZone } from "../../components/format.ts"

/** My Listing: the vendor's availability picker (spec section 2), saved on the server. */
export default function MyListingPage() {
  // The vendor's own today, on their clock (the zone their hours are kept in): the 7 dates start from it.
  const today = useMemo(() => todayOnViewerClock(), [])
  // Today's slots that have begun cannot be offered any more: they are shown, not tickable.
  const nowTime = useMemo(() => timeOnViewerClock(), [])
  const actor = useActorRef(myListingMachine, { input: { today, browserZone: viewerZone() } })
  const snapshot = useSelector(actor, (s) => s)
  const { dates, selectedDate, days, makeDefault, repeatWeekly, weekly, timeZone, message } = snapshot.context
  const weekday = weekdayOf(selectedDate)
  const repeating = weekly[weekday]
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
                    disabled={saving || (selectedDate === today && slot <= nowTime)}
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
            <Stack gap="1">
              <Checkbox.Root colorPalette="teal" checked={repeatWeekly} onCheckedChange={() => actor.send({ type: "weekly.toggle" })} disabled={saving}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {ticked.length > 0 ? `Repeat these hours every ${weekdayNames[weekday]}` : `Stop repeating hours every ${weekdayNames[weekday]}`}
                </Checkbox.Label>
              </Checkbox.Root>
              <Text fontSize="xs" color="fg.muted" data-testid="weekly-hours">
                {repeating && repeating.length > 0
                  ? `Every ${weekdayNames[weekday]} now: ${repeating.map(slotLabel).join(", ")}.`
                  : `No weekly hours for ${weekdayNames[weekday]}s yet.`}{" "}
                A date's own slots come first, then its weekday's, then the default for all dates. Your hours are kept in {timeZone ?? viewerZone()} (your
                profile's time zone).
              </Text>
            </Stack>
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
