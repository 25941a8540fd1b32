import { Heading, Stack } from "@chakra-ui/react"
import { StaticEmptyTable } from "../../components/static-table.tsx"

/** Upcoming Counselling: a table that makes no call and always shows 'No data Found' (spec section 2). */
export default function UpcomingCounsellingPage() {
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        Upcoming Counselling
      </Heading>
      <StaticEmptyTable caption="Upcoming Counselling" columns={["Name", "Email", "Mobile", "Status", "Feedback"]} />
    </Stack>
  )
}
