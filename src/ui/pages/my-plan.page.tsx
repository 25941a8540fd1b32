import { Box, Button, Card, Heading, HStack, List, SimpleGrid, Stack, Text, VisuallyHidden } from "@chakra-ui/react"

interface Plan {
  name: string
  price: string
  installs: string
  visits: string
  disk: string
  ssl: boolean
  support: boolean
  reports: boolean
}

/** The three static plans exactly as the spec's table (section 2, My Plans). */
export const PLANS: Plan[] = [
  { name: "Starter", price: "$45", installs: "5", visits: "100,000", disk: "30 GB", ssl: false, support: false, reports: false },
  { name: "Pro", price: "$75", installs: "20", visits: "250,000", disk: "50 GB", ssl: true, support: true, reports: false },
  { name: "Business", price: "$125", installs: "50", visits: "400,000", disk: "100 GB", ssl: true, support: true, reports: true },
]

function Extra({ label, included }: { label: string; included: boolean }) {
  return (
    <List.Item display="flex" gap="2" color={included ? undefined : "fg.subtle"}>
      <Box as="span" aria-hidden="true" color={included ? "green.600" : "red.500"} fontWeight="bold">
        {included ? "✓" : "✗"}
      </Box>
      <Text as="span" textDecoration={included ? undefined : "line-through"}>
        {label}
      </Text>
      <VisuallyHidden>{included ? "(included)" : "(not included)"}</VisuallyHidden>
    </List.Item>
  )
}

/** My Plans: three cards whose Choose Plan buttons do nothing (the product sells no plans here). */
export default function MyPlanPage() {
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        My Plans
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" maxW="5xl">
        {PLANS.map((plan) => (
          <Card.Root key={plan.name} data-testid="plan-card" aria-label={`${plan.name} plan`} role="region">
            <Card.Header>
              <Heading as="h2" size="md">
                {plan.name}
              </Heading>
              <HStack gap="1" align="baseline">
                <Text fontSize="3xl" fontWeight="bold">
                  {plan.price}
                </Text>
                <Text color="fg.muted">USD/month</Text>
              </HStack>
            </Card.Header>
            <Card.Body>
              <List.Root gap="2" variant="plain">
                <List.Item>{plan.installs} Installs</List.Item>
                <List.Item>{plan.visits} Visits</List.Item>
                <List.Item>{plan.disk} Disk</List.Item>
                <Extra label="SSL/CDN" included={plan.ssl} />
                <Extra label="Support" included={plan.support} />
                <Extra label="Weekly Reports" included={plan.reports} />
              </List.Root>
            </Card.Body>
            <Card.Footer>
              {/* Spec: the button does nothing. */}
              <Button type="button" colorPalette="teal" w="full">
                Choose Plan
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
