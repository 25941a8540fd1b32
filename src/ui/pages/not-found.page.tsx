import { Center, Heading, Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"

export function NotFoundPage() {
  return (
    <Center as="main" minH="100vh">
      <Stack align="center" gap="3">
        <Heading as="h1">Page not found</Heading>
        <Text color="fg.muted">There is nothing at this address.</Text>
        <Link asChild colorPalette="teal">
          <RouterLink href="/">Go to the dashboard</RouterLink>
        </Link>
      </Stack>
    </Center>
  )
}
