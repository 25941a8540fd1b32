import { useEffect } from "react"
import { Button, Spinner, Stack, Text, Wrap } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { slotTime, type freeSlotsMachine } from "../../../machines/counselling/free-slots.machine.ts"
import { dayLabel } from "../../components/slot-label.ts"
import { viewerZone } from "../../components/format.ts"

export type FreeSlotsActor = ActorRefFrom<typeof freeSlotsMachine>

/**
 * The counsellor's free times on the form's date, in the viewer's zone, as buttons that fill the form's
 * Time: their marked hours (kept in their own zone) without what they or the client have booked.
 */
export function FreeSlots(props: {
  actor: FreeSlotsActor
  vendorId: string
  date: string
  clientId: string | null
  exceptSessionId: string | null
  chosen: string
  onPick: (time: string) => void
}) {
  const { actor, vendorId, date, clientId, exceptSessionId } = props
  useEffect(() => {
    actor.send({ type: "slots.reload" })
  }, [actor])
  useEffect(() => {
    actor.send({ type: "slots.show", vendorId, date, clientId, exceptSessionId })
  }, [actor, vendorId, date, clientId, exceptSessionId])
  const snapshot = useSelector(actor, (s) => s)
  if (snapshot.matches("waiting") || snapshot.matches("checking")) return null
  const { slots, error, vendorZone } = snapshot.context
  return (
    <Stack gap="2" role="region" aria-label="Free slots" data-testid="free-slots" aria-busy={snapshot.hasTag("busy")}>
      <Text fontSize="sm" fontWeight="semibold">
        Free on {dayLabel(snapshot.context.date)}
      </Text>
      {snapshot.hasTag("busy") ? (
        <Stack direction="row" role="status" align="center">
          <Spinner size="sm" />
          <Text fontSize="sm">Loading free times...</Text>
        </Stack>
      ) : null}
      {snapshot.matches("failed") ? (
        <Text role="alert" color="red.600" fontSize="sm">
          {error}
        </Text>
      ) : null}
      {snapshot.matches("ready") && slots.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No free times on this date.
        </Text>
      ) : null}
      {snapshot.matches("ready") && slots.length > 0 ? (
        <>
          <Wrap gap="1.5" as="ul" listStyleType="none">
            {slots.map((slot) => {
              const time = slotTime(slot)
              return (
                <li key={slot.start}>
                  <Button
                    size="xs"
                    variant={props.chosen === time ? "solid" : "outline"}
                    colorPalette="teal"
                    aria-pressed={props.chosen === time}
                    onClick={() => props.onPick(time)}
                  >
                    {time}
                  </Button>
                </li>
              )
            })}
          </Wrap>
          <Text fontSize="xs" color="fg.muted">
            In your time zone ({viewerZone()}){vendorZone && vendorZone !== viewerZone() ? `; the counsellor's hours are kept in ${vendorZone}` : ""}.
          </Text>
        </>
      ) : null}
    </Stack>
  )
}
