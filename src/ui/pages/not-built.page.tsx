import { Heading, Stack, Text } from "@chakra-ui/react"

/** Routes whose screens are not built yet say so plainly instead of pretending. */
export const notBuiltPage = (title: string) =>
  function NotBuiltPage() {
    return (
      <Stack gap="3">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted" data-testid="not-built">
          This screen is not built yet.
        </Text>
      </Stack>
    )
  }
