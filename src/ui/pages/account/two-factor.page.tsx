import { Heading, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { twoFactorMachine } from "../../../machines/account/two-factor.machine.ts"
import { authActor, selectUser } from "../../app/auth-actor.ts"
import { SecuritySettingsPanel } from "./security-settings-panel.tsx"
import { TwoFactorPanel } from "./two-factor-panel.tsx"

// After enrolling through an enrolment-only session, the Admin signs in again with a code.
const machine = twoFactorMachine.provide({ actions: { signInAgain: () => authActor.send({ type: "auth.logout" }) } })

export default function TwoFactorPage() {
  const actor = useActorRef(machine)
  const user = useSelector(authActor, selectUser)
  const enrolOnly = useSelector(authActor, (s) => s.context.session?.mustEnrolTwoFactor === true)
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        Two-factor sign-in
      </Heading>
      <Text maxW="2xl">After your password, sign-in also asks for a 6-digit code from an authenticator app on your phone.</Text>
      <TwoFactorPanel actor={actor} />
      {user?.role === "Admin" && !enrolOnly ? <SecuritySettingsPanel /> : null}
    </Stack>
  )
}
