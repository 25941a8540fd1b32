import { Heading, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { authActor, selectUser } from "../app/auth-actor.ts"

/** The dashboard's count cards arrive with the vendor, counselling and content screens. */
export default function DashboardPage() {
  const user = useSelector(authActor, selectUser)
  return (
    <Stack gap="3">
      <Heading as="h1" size="lg">
        Dashboard
      </Heading>
      <Text color="fg.muted">Welcome, {user?.name}.</Text>
    </Stack>
  )
}
