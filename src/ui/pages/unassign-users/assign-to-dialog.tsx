import { Accordion, Badge, Button, CloseButton, Dialog, HStack, Portal, RadioGroup, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { assignableRoles, type AssignablePerson } from "../../../api/contract/counselling-user.ts"
import type { assignCounsellorMachine } from "../../../machines/assign-counsellor.machine.ts"
import { FormMessage } from "../../components/form-message.tsx"

const byRole = (people: AssignablePerson[]) => assignableRoles.map((role) => ({ role, people: people.filter((p) => p.role === role) }))

/** The 'Assign To' form: an accordion of assignable people grouped by role, one radio choice, Submit and Cancel. */
export function AssignToDialog({ actor }: { actor: ActorRefFrom<typeof assignCounsellorMachine> }) {
  const open = useSelector(actor, (s) => s.matches("choosing") || s.matches("assigning"))
  const busy = useSelector(actor, (s) => s.matches("assigning"))
  const { people, counsellorId, message, selected } = useSelector(actor, (s) => s.context)
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && actor.send({ type: "form.cancel" })} size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Assign To</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  Choose who counsels the {selected.length === 1 ? "selected user" : `${selected.length} selected users`}.
                </Text>
                <FormMessage message={message} />
                <RadioGroup.Root value={counsellorId} onValueChange={(e) => e.value && actor.send({ type: "counsellor.choose", counsellorId: e.value })} aria-label="Counsellor">
                  <Accordion.Root collapsible multiple defaultValue={["Counsellor"]} variant="enclosed">
                    {byRole(people).map(({ role, people: group }) => (
                      <Accordion.Item key={role} value={role}>
                        <Accordion.ItemTrigger>
                          <HStack flex="1" justify="space-between">
                            <Text fontWeight="medium">{role}</Text>
                            <Badge variant="subtle">{group.length}</Badge>
                          </HStack>
                          <Accordion.ItemIndicator />
                        </Accordion.ItemTrigger>
                        <Accordion.ItemContent>
                          <Accordion.ItemBody>
                            <Stack gap="2">
                              {group.length === 0 ? <Text color="fg.muted">No active {role}.</Text> : null}
                              {group.map((p) => (
                                <RadioGroup.Item key={p._id} value={p._id}>
                                  <RadioGroup.ItemHiddenInput />
                                  <RadioGroup.ItemIndicator />
                                  <RadioGroup.ItemText>
                                    {p.name} <Text as="span" color="fg.muted">({p.email})</Text>
                                  </RadioGroup.ItemText>
                                </RadioGroup.Item>
                              ))}
                            </Stack>
                          </Accordion.ItemBody>
                        </Accordion.ItemContent>
                      </Accordion.Item>
                    ))}
                  </Accordion.Root>
                </RadioGroup.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => actor.send({ type: "form.cancel" })} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="teal" loading={busy} aria-busy={busy} onClick={() => actor.send({ type: "form.submit" })}>
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
