import { Badge, Button, chakra, Flex, Heading, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { isNotificationKind, type NotificationKind } from "../../../api/contract/notifications/notification.ts"
import { notificationSettingsMachine } from "../../../machines/notifications/notification-settings.machine.ts"

/**
 * Notification settings (issue 23, from the bell and the user menu): every kind of notification the
 * person can receive shows in the console; each has an email switch, except the few that are always
 * mailed (a link to get in, or a security change).
 */
export default function NotificationSettingsPage() {
  const actor = useActorRef(notificationSettingsMachine)
  const snapshot = useSelector(actor, (s) => s)
  const { preferences, saving, error, notice } = snapshot.context
  return (
    <Stack gap="5" maxW="2xl">
      <Heading as="h1" size="lg">
        Notification settings
      </Heading>
      <Text>Every notification shows under the bell in the console. Choose which of them are also sent to you by email.</Text>
      {snapshot.matches("loading") ? (
        <Flex align="center" gap="2" role="status">
          <Spinner size="sm" />
          <Text>Loading notification settings...</Text>
        </Flex>
      ) : snapshot.matches("failed") ? (
        <Stack align="start" gap="2">
          <Text role="alert" color="fg.error">
            {error}
          </Text>
          <Button size="sm" onClick={() => actor.send({ type: "retry" })}>
            Try again
          </Button>
        </Stack>
      ) : (
        <>
          <chakra.table width="full" fontSize="sm" aria-label="Notification settings">
            <chakra.thead>
              <chakra.tr borderBottomWidth="1px">
                <chakra.th textAlign="start" py="2" scope="col">
                  Notification
                </chakra.th>
                <chakra.th textAlign="start" py="2" scope="col">
                  In the console
                </chakra.th>
                <chakra.th textAlign="start" py="2" scope="col">
                  Email
                </chakra.th>
              </chakra.tr>
            </chakra.thead>
            <chakra.tbody>
              {preferences.map((preference) => (
                <chakra.tr key={preference.kind} borderBottomWidth="1px">
                  <chakra.th scope="row" textAlign="start" fontWeight="normal" py="3" pe="3">
                    {preference.label}
                  </chakra.th>
                  <chakra.td py="3" pe="3">
                    Always
                  </chakra.td>
                  <chakra.td py="3">
                    {preference.mailOptional && isNotificationKind(preference.kind) ? (
                      <chakra.label display="inline-flex" alignItems="center" gap="2" cursor="pointer">
                        <chakra.input
                          type="checkbox"
                          role="switch"
                          aria-label={`Email: ${preference.label}`}
                          checked={preference.mail}
                          disabled={saving !== null}
                          onChange={(e) => actor.send({ type: "mail.set", kind: preference.kind as NotificationKind, mail: e.target.checked })}
                          width="4"
                          height="4"
                          accentColor="teal.600"
                        />
                        {saving?.kind === preference.kind ? "Saving..." : preference.mail ? "On" : "Off"}
                      </chakra.label>
                    ) : (
                      <Badge colorPalette="gray" title="This email carries a link you need, or tells of a change to your account's security.">
                        Always sent
                      </Badge>
                    )}
                  </chakra.td>
                </chakra.tr>
              ))}
            </chakra.tbody>
          </chakra.table>
          <Text role="status" minH="6" color={error ? "fg.error" : "fg.muted"}>
            {error ?? notice ?? ""}
          </Text>
        </>
      )}
    </Stack>
  )
}
