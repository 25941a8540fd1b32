import { Card, Link, SimpleGrid, Spinner, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import { isVendorRole } from "../../../api/contract/common.ts"
import type { SessionUser } from "../../../api/contract/account/user.ts"
import { sessionCountsMachine } from "../../../machines/counselling/session-counts.machine.ts"
import { NOT_AVAILABLE } from "../../components/format.ts"

function CountCard(props: { label: string; href: string; count: number | null; loading: boolean }) {
  return (
    <Card.Root data-testid={`count-${props.href.slice(1)}`}>
      <Card.Body>
        <Link asChild colorPalette="teal" fontWeight="medium">
          <RouterLink href={props.href}>{props.label}</RouterLink>
        </Link>
        <Text fontSize="3xl" fontWeight="bold" data-testid="count-value">
          {props.loading ? <Spinner role="status" size="sm" aria-label="Loading" /> : (props.count ?? NOT_AVAILABLE)}
        </Text>
      </Card.Body>
    </Card.Root>
  )
}

function Counts({ user }: { user: SessionUser }) {
  const actor = useActorRef(sessionCountsMachine, { input: { user } })
  const counts = useSelector(actor, (s) => s.context.counts)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="xl">
        <CountCard label="Upcoming Session" href="/upcoming-session" count={counts?.upcoming ?? null} loading={loading} />
        <CountCard label="Session History" href="/session-history" count={counts?.past ?? null} loading={loading} />
      </SimpleGrid>
      {error ? (
        <Text role="alert" color="red.600">
          {error}
        </Text>
      ) : null}
    </>
  )
}

/** Upcoming Session and Session History counts for the User and vendor roles (dateTime compared with now). */
export function SessionCounts({ user }: { user: SessionUser }) {
  if (user.role !== "User" && !isVendorRole(user.role)) return null
  return <Counts key={user._id} user={user} />
}
