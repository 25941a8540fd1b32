import { Heading, HStack, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { authActor, selectUser } from "../../app/auth-actor.ts"
import { ContentTotals } from "./content-totals.tsx"
import { PeopleCounts } from "./people-counts.tsx"
import { RaiseTicketButton } from "./raise-ticket-button.tsx"
import { SessionCounts } from "./session-counts.tsx"
import { OnboardingChecklist } from "./onboarding-checklist.tsx"
import { TrendCharts } from "./trend-charts.tsx"

/**
 * The dashboard is made of one section per feature, each deciding by role whether it shows:
 * a vendor's onboarding checklist, Admin people counts and weekly trends, Admin/Editor content totals, User/vendor
 * session counts, Raise Ticket.
 */
export default function DashboardPage() {
  const user = useSelector(authActor, selectUser)
  if (!user) return null
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap">
        <Stack gap="0">
          <Heading as="h1" size="lg">
            Dashboard
          </Heading>
          <Text color="fg.muted">Welcome, {user.name}.</Text>
        </Stack>
        <RaiseTicketButton role={user.role} />
      </HStack>
      <OnboardingChecklist role={user.role} />
      <PeopleCounts role={user.role} />
      <TrendCharts role={user.role} />
      <ContentTotals role={user.role} />
      <SessionCounts user={user} />
    </Stack>
  )
}
