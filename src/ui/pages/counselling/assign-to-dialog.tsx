import { Accordion, Badge, Button, CloseButton, Dialog, Field, HStack, Input, Portal, RadioGroup, Spinner, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { ASSIGNABLE_SEARCH_MAX_LENGTH } from "../../../api/contract/counselling/counselling-user.ts"
import { PEOPLE_FAILED, type assignCounsellorMachine } from "../../../machines/counselling/assign-counsellor.machine.ts"
import { moreLabel, type RoleGroup, roleGroups, totalLabel } from "../../../machines/counselling/assign-counsellor.selectors.ts"
import { FormMessage } from "../../components/form-message.tsx"

type AssignActor = ActorRefFrom<typeof assignCounsellorMachine>

/** Under the search box: searching, or the failure with Retry. */
function SearchStatus({ actor }: { actor: AssignActor }) {
  const searching = useSelector(actor, (s) => s.hasTag("searching"))
  const failed = useSelector(actor, (s) => s.matches({ choosing: "failed" }))
  if (searching) {
    return (
      <HStack gap="2" role="status">
        <Spinner size="xs" />
        <Text fontSize="sm">Searching…</Text>
      </HStack>
    )
  }
  if (failed) {
    return (
      <HStack gap="3" role="alert">
        <Text fontSize="sm" color="fg.error">
          {PEOPLE_FAILED}
        </Text>
        <Button size="xs" variant="outline" onClick={() => actor.send({ type: "search.retry" })}>
          Retry
        </Button>
      </HStack>
    )
  }
  return null
}

function RoleItem({ group, listed }: { group: RoleGroup; listed: string }) {
  const more = moreLabel(group)
  return (
    <Accordion.Item value={group.role}>
      <Accordion.ItemTrigger>
        <HStack flex="1" justify="space-between">
          <Text fontWeight="medium">{group.role}</Text>
          <Badge variant="subtle">{totalLabel(group)}</Badge>
        </HStack>
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody>
          <Stack gap="2">
            {group.people.length === 0 ? (
              <Text color="fg.muted">{listed === "" ? `No active ${group.role}.` : `No ${group.role} matches '${listed}'.`}</Text>
            ) : null}
            {group.people.map((p) => (
              <RadioGroup.Item key={p._id} value={p._id}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {p.name}{" "}
                  <Text as="span" color="fg.muted">
                    ({p.email})
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
            {more ? (
              <Text fontSize="sm" color="fg.muted" data-testid={`more-${group.role}`}>
                {more}
              </Text>
            ) : null}
          </Stack>
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  )
}

/**
 * The 'Assign To' form: a search box, an accordion of assignable people grouped by role (a few per
 * role, with how many more), one radio choice, Submit and Cancel.
 */
export function AssignToDialog({ actor }: { actor: AssignActor }) {
  const open = useSelector(actor, (s) => s.matches("choosing") || s.matches("assigning"))
  const busy = useSelector(actor, (s) => s.matches("assigning"))
  const searching = useSelector(actor, (s) => s.hasTag("searching"))
  const { people, totals, chosen, message, selected, search, listed, openRoles } = useSelector(actor, (s) => s.context)
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && actor.send({ type: "form.cancel" })} size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Assign To</Dialog.Title>
            </Dialog.Header>
            {/* Between header and body, so the search stays in view while the groups scroll. */}
            <Stack gap="3" px="6" pb="2" flex="0">
              <Text fontSize="sm" color="fg.muted">
                Choose who counsels the {selected.length === 1 ? "selected user" : `${selected.length} selected users`}.
              </Text>
              <Field.Root>
                <Field.Label fontSize="sm">Search by name or email</Field.Label>
                <Input
                  type="search"
                  size="sm"
                  autoComplete="off"
                  maxLength={ASSIGNABLE_SEARCH_MAX_LENGTH}
                  value={search}
                  onChange={(e) => actor.send({ type: "search.change", value: e.target.value })}
                />
              </Field.Root>
              <SearchStatus actor={actor} />
              {chosen ? (
                // The chosen person may not be among those a later search lists: say who Submit assigns.
                <Text fontSize="sm" data-testid="assign-chosen">
                  Chosen: {chosen.name} ({chosen.role})
                </Text>
              ) : null}
              <FormMessage message={message} />
            </Stack>
            <Dialog.Body>
              <RadioGroup.Root
                value={chosen?._id ?? null}
                onValueChange={(e) => e.value && actor.send({ type: "counsellor.choose", counsellorId: e.value })}
                aria-label="Counsellor"
                aria-busy={searching}
                opacity={searching ? 0.6 : 1}
              >
                <Accordion.Root
                  collapsible
                  multiple
                  value={openRoles}
                  onValueChange={(e) => actor.send({ type: "groups.change", roles: e.value })}
                  variant="enclosed"
                >
                  {roleGroups({ people, totals }).map((group) => (
                    <RoleItem key={group.role} group={group} listed={listed} />
                  ))}
                </Accordion.Root>
              </RadioGroup.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => actor.send({ type: "form.cancel" })} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="teal" loading={busy} loadingText="Assigning..." aria-busy={busy} onClick={() => actor.send({ type: "form.submit" })}>
                Submit
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
