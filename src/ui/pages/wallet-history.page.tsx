import { Card, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react"
import { StaticEmptyTable } from "../components/static-table.tsx"

/** Fixed placeholder amounts (spec section 2: the wallet does no real work). */
export const WALLET_PLACEHOLDERS = [
  { label: "Total Balance", amount: "₹12,500.00" },
  { label: "Monthly Expenses", amount: "₹3,250.00" },
] as const

/** Wallet History: two static cards in rupees and a table that always shows 'No data Found'. */
export default function WalletHistoryPage() {
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        Wallet History
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="3xl">
        {WALLET_PLACEHOLDERS.map((card) => (
          <Card.Root key={card.label} size="sm" data-testid="wallet-card">
            <Card.Body gap="1">
              <Text color="fg.muted">{card.label}</Text>
              <Text fontSize="2xl" fontWeight="bold">
                {card.amount}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Heading as="h2" size="md">
        Transaction History
      </Heading>
      <StaticEmptyTable caption="Wallet transactions" columns={["S.No", "Category", "Date", "Amount", "Description"]} />
    </Stack>
  )
}
