import { Badge, Button, Card, Heading, HStack, Link, List, Progress, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { CircleCheck, CircleDashed, Clock } from "lucide-react"
import { Link as RouterLink } from "wouter"
import { isVendorRole, type Role } from "../../../api/contract/common.ts"
import type { OnboardingStep, OnboardingStepId } from "../../../api/contract/vendors/onboarding.ts"
import { onboardingMachine } from "../../../machines/vendors/onboarding.machine.ts"

/** Where each step is given. */
const whereTo: Record<OnboardingStepId, { href: string; label: string }> = {
  profile: { href: "/profile/edit", label: "Edit Profile" },
  documents: { href: "/profile/edit", label: "Add documents" },
  bank: { href: "/profile/edit", label: "Add bank details" },
  availability: { href: "/my-listing", label: "Set availability" },
}

const badges = {
  done: { text: "Done", palette: "green", Icon: CircleCheck },
  review: { text: "Under review", palette: "orange", Icon: Clock },
  todo: { text: "To do", palette: "gray", Icon: CircleDashed },
} as const

function Step({ step }: { step: OnboardingStep }) {
  const badge = badges[step.status]
  const to = whereTo[step.step]
  return (
    <List.Item data-step={step.step} data-status={step.status}>
      <HStack align="start" gap="3">
        <badge.Icon aria-hidden size={20} color={`var(--chakra-colors-${badge.palette}-fg)`} style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap="1" flex="1">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium">{step.label}</Text>
            <Badge colorPalette={badge.palette}>{badge.text}</Badge>
          </HStack>
          {step.status !== "done" ? (
            <Text fontSize="sm" color="fg.muted">
              {step.status === "review" ? "Waiting for an Admin: " : "Still needed: "}
              {step.missing.join(", ")}
            </Text>
          ) : null}
        </Stack>
        {step.status === "todo" ? (
          <Link asChild colorPalette="teal" fontSize="sm" whiteSpace="nowrap">
            <RouterLink href={to.href}>{to.label}</RouterLink>
          </Link>
        ) : null}
      </HStack>
    </List.Item>
  )
}

function Checklist() {
  const actor = useActorRef(onboardingMachine)
  const checklist = useSelector(actor, (s) => s.context.checklist)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  const complete = checklist !== null && checklist.done === checklist.total
  return (
    <Card.Root maxW="2xl" data-testid="onboarding">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md">
            Onboarding checklist
          </Heading>
          {checklist ? (
            <Text fontSize="sm" color="fg.muted" data-testid="onboarding-progress">
              {checklist.done} of {checklist.total} done
            </Text>
          ) : null}
        </HStack>
        {checklist ? (
          <Progress.Root value={(checklist.done / checklist.total) * 100} size="sm" colorPalette="teal" aria-label="Onboarding progress" mt="2">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
      </Card.Header>
      <Card.Body>
        {loading ? <Spinner size="sm" role="status" aria-label="Loading onboarding checklist" /> : null}
        {error ? (
          <HStack>
            <Text role="alert" color="red.600">
              {error}
            </Text>
            <Button size="xs" variant="outline" onClick={() => actor.send({ type: "onboarding.reload" })}>
              Try again
            </Button>
          </HStack>
        ) : null}
        {checklist && !loading ? (
          <Stack gap="3">
            {complete ? <Text>Your profile has everything it needs.</Text> : null}
            <List.Root variant="plain" gap="3">
              {checklist.steps.map((step) => (
                <Step key={step.step} step={step} />
              ))}
            </List.Root>
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  )
}

/** A vendor's onboarding checklist, on their dashboard (issue 26). */
export function OnboardingChecklist({ role }: { role: Role }) {
  return isVendorRole(role) ? <Checklist /> : null
}
