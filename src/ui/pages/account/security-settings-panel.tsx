import { Card, Heading, Stack, Switch, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { securitySettingsMachine } from "../../../machines/account/security-settings.machine.ts"
import { FormMessage } from "../../components/form-message.tsx"

/** The Admin's switch: require two-factor sign-in for Admin accounts (saved on change). */
export function SecuritySettingsPanel() {
  const actor = useActorRef(securitySettingsMachine)
  const snapshot = useSelector(actor, (s) => s)
  const { settings, message } = snapshot.context
  return (
    <Card.Root maxW="2xl">
      <Card.Header>
        <Heading as="h2" size="md">
          Admin accounts
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Switch.Root
            checked={settings?.requireAdminTwoFactor ?? false}
            // Read-only while saving, not disabled, so keyboard focus stays on the switch.
            disabled={!snapshot.matches("ready") && !snapshot.matches("saving")}
            readOnly={snapshot.matches("saving")}
            aria-busy={snapshot.matches("saving")}
            onCheckedChange={(e) => actor.send({ type: "requireAdminTwoFactor.set", value: e.checked })}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Require two-factor for Admin accounts</Switch.Label>
          </Switch.Root>
          <Text fontSize="sm" color="fg.muted">
            An Admin without two-factor is then sent here to set it up before reaching the console.
          </Text>
          <FormMessage message={message} />
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
