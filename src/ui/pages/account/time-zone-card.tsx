import { useState } from "react"
import { Button, Card, Heading, HStack, NativeSelect, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { timeZoneMachine } from "../../../machines/account/time-zone.machine.ts"
import { browserZone as browserZoneNow } from "../../../machines/account/viewer-zone.ts"
import { viewerZoneActor } from "../../app/viewer-zone-actor.ts"

/** Every zone this browser knows, the chosen one included even when it does not. */
const zonesWith = (zone: string) => {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []
  return known.includes(zone) ? known : [zone, ...known]
}

const machine = timeZoneMachine.provide({ actions: { announceZone: (_, zone) => viewerZoneActor.send({ type: "zone.saved", zone }) } })

/**
 * The profile's Time zone: where the person is. A vendor's hours (My Listing) are kept in it, so a client
 * elsewhere is offered the right moments; until chosen, it is this browser's.
 */
export function TimeZoneCard({ vendor }: { vendor: boolean }) {
  const [browserZone] = useState(browserZoneNow)
  const actor = useActorRef(machine, { input: { browserZone } })
  const choice = useSelector(actor, (s) => s.context.choice)
  const saved = useSelector(actor, (s) => s.context.saved)
  const message = useSelector(actor, (s) => s.context.message)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const canSave = useSelector(actor, (s) => s.can({ type: "zone.save" }))
  return (
    <Card.Root size="sm" data-testid="time-zone">
      <Card.Header>
        <Heading as="h2" size="md">
          Time zone
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            Every time in the console is shown in this zone; emails state times in it once you save one (in UTC until then).{" "}
            {vendor ? "Your hours in My Listing are kept in it, so clients elsewhere are offered the right moments." : ""}{" "}
            {saved === null && !loading ? `Not chosen yet: this browser's (${browserZone}) is shown.` : ""}
          </Text>
          {loading ? (
            <HStack role="status">
              <Spinner size="sm" />
              <Text fontSize="sm">Loading your time zone...</Text>
            </HStack>
          ) : failed ? (
            <HStack>
              <Text role="alert" color="red.600" fontSize="sm">
                {message?.text}
              </Text>
              <Button size="xs" variant="outline" onClick={() => actor.send({ type: "zone.retry" })}>
                Try again
              </Button>
            </HStack>
          ) : (
            <HStack gap="2" wrap="wrap" align="end">
              <NativeSelect.Root size="sm" maxW="sm" disabled={saving}>
                <NativeSelect.Field aria-label="Time zone" value={choice} onChange={(e) => actor.send({ type: "zone.choose", zone: e.target.value })}>
                  {zonesWith(choice).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button
                size="sm"
                colorPalette="teal"
                onClick={() => actor.send({ type: "zone.save" })}
                disabled={!canSave}
                loading={saving}
                loadingText="Saving..."
              >
                Save time zone
              </Button>
            </HStack>
          )}
          {message && !failed ? (
            <Text role="status" fontSize="sm" color={message.tone === "error" ? "red.600" : "green.700"} data-testid="time-zone-message">
              {message.text}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
