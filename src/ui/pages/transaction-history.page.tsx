import { Heading, Stack } from "@chakra-ui/react"
import { StaticEmptyTable } from "../components/static-table.tsx"

/** Transaction History: a table that makes no call and always shows 'No data Found' (spec section 2). */
export default function TransactionHistoryPage() {
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        Transaction History
      </Heading>
      <StaticEmptyTable caption="Transaction History" columns={["Session ID", "Status", "Earnings", "Transaction ID"]} />
    </Stack>
  )
}
