import type { ReactNode } from "react"
import { Box, Center, Heading, Stack } from "@chakra-ui/react"

/** The centred card the sign-in screens share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center as="main" minH="100vh" bg="bg.subtle" p="4">
      <Box w="full" maxW="md" bg="bg" p={{ base: "6", md: "8" }} rounded="lg" shadow="md">
        <Stack gap="6">
          <Heading as="h1" size="xl" textAlign="center">
            {title}
          </Heading>
          {children}
        </Stack>
      </Box>
    </Center>
  )
}
