import { Center, Heading, Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"

export const NO_ACCESS = "You don't have access to this page"

/** What a signed-in person sees at an address their role may not open; they stay signed in. */
export function NoAccessPage() {
  return (
    <Center as="main" minH="100vh">
      <Stack align="center" gap="3">
        <Heading as="h1">{NO_ACCESS}</Heading>
        <Text color="fg.muted">Your account cannot open this page. You are still signed in.</Text>
        <Link asChild colorPalette="teal">
          <RouterLink href="/">Go to the dashboard</RouterLink>
        </Link>
      </Stack>
    </Center>
  )
}
