import { Box, Button, Card, Heading, Link, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import type { Role } from "../../../api/contract/common.ts"
import type { PeopleCounts as Counts } from "../../../api/contract/dashboard/dashboard.ts"
import { listRoles } from "../../../api/contract/vendors/vendor.ts"
import { peopleCountsMachine } from "../../../machines/dashboard/people-counts.machine.ts"
import { NOT_AVAILABLE } from "../../components/format.ts"

interface CardDef {
  label: string
  href: string
  count: (counts: Counts) => number
}

/** Spec section 2 (Dashboard): active people per role, linking to the lowercased role route. */
const roleCards: CardDef[] = listRoles.map((role) => ({ label: role, href: `/${role.toLowerCase()}`, count: (c) => c.active[role] }))
const reviewCards: CardDef[] = [
  { label: "Under Review", href: "/under-review-vendors", count: (c) => c.underReview },
  { label: "Temp. Approve", href: "/temp-approve-vendors", count: (c) => c.tempApprove },
  { label: "Rejected", href: "/rejected-vendors", count: (c) => c.rejected },
  { label: "Total Enquiries", href: "/enquiries", count: (c) => c.enquiries },
]

function CountCard({ label, href, value, loading }: { label: string; href: string; value: string; loading: boolean }) {
  return (
    <Link asChild _hover={{ textDecoration: "none" }} display="block" rounded="md">
      {/* Named by what it shows (label, then the count): a separate aria-label would not match the visible text. */}
      <RouterLink href={href}>
        <Card.Root size="sm" _hover={{ borderColor: "teal.500" }} h="full">
          <Card.Body gap="1">
            <Text fontSize="sm" color="fg.muted">
              {label}
            </Text>
            {loading ? (
              <Spinner role="status" size="sm" aria-label={`Loading ${label}`} />
            ) : (
              <Text fontSize="2xl" fontWeight="semibold" data-testid={`count-${label}`}>
                {value}
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      </RouterLink>
    </Link>
  )
}

/** Admin count cards (people, review statuses, enquiries, unassigned users); other roles see nothing here. */
export function PeopleCounts({ role }: { role: Role }) {
  if (role !== "Admin") return null
  return <AdminPeopleCounts />
}

function AdminPeopleCounts() {
  const actor = useActorRef(peopleCountsMachine)
  const { counts, error, unassigned } = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.matches({ counts: "loading" }))
  const unassignedLoading = useSelector(actor, (s) => s.matches({ unassigned: "loading" }))
  const card = (def: CardDef) => (
    <CountCard key={def.label} label={def.label} href={def.href} loading={loading} value={counts ? String(def.count(counts)) : NOT_AVAILABLE} />
  )
  return (
    <Stack as="section" aria-labelledby="people-counts-heading" gap="3">
      <Heading as="h2" size="md" id="people-counts-heading">
        People
      </Heading>
      {error ? (
        <Box>
          <Text role="alert" color="red.600">
            {error}
          </Text>
          <Button size="xs" variant="outline" mt="2" onClick={() => actor.send({ type: "counts.reload" })}>
            Try again
          </Button>
        </Box>
      ) : null}
      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
        {roleCards.map(card)}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
        {reviewCards.map(card)}
        <CountCard label="UnAssign Users" href="/unassign-users" loading={unassignedLoading} value={unassigned === null ? NOT_AVAILABLE : String(unassigned)} />
      </SimpleGrid>
    </Stack>
  )
}
