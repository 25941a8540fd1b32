import { Box, Button, Field, HStack, Input, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { QUERY_TEXT_MAX_LENGTH } from "../../api/contract/common.ts"
import type { PickableKind } from "../../api/contract/audit/audit.ts"
import { PICKER_EMPTY, recordPickerMachine } from "../../machines/audit/record-picker.machine.ts"

/**
 * A person, a ticket or a counsellor picked by searching for it (issues 25, 26): the filter gets its id, the
 * person reads its name. The found records are buttons under the box (Tab reaches them, Enter picks).
 */
export function RecordPicker(props: {
  label: string
  placeholder: string
  kind: PickableKind
  value: string
  onChange: (id: string) => void
  /** The picker's machine with its own search (the Counsellor filter's), the audit trail's by default. */
  machine?: typeof recordPickerMachine
}) {
  const actor = useActorRef(props.machine ?? recordPickerMachine, { input: { kind: props.kind, id: props.value } })
  const { onChange } = props
  useEffect(() => {
    const subscription = actor.on("picked", (event) => onChange(event.id))
    return () => subscription.unsubscribe()
  }, [actor, onChange])
  const snapshot = useSelector(actor, (s) => s)
  const { query, options, selected, error } = snapshot.context
  useEffect(() => actor.send({ type: "value.set", id: props.value }), [actor, props.value])
  if (selected) {
    return (
      <Field.Root>
        <Field.Label>{props.label}</Field.Label>
        <HStack gap="2" borderWidth="1px" rounded="md" px="2" py="1" bg="bg" data-testid="picked-record">
          <Box flex="1" minW="0">
            <Text fontSize="sm" fontWeight="medium" truncate>
              {selected.label}
            </Text>
            {selected.detail ? (
              <Text fontSize="xs" color="fg.muted" truncate>
                {selected.detail}
              </Text>
            ) : null}
          </Box>
          <Button
            size="xs"
            variant="ghost"
            aria-label={`Clear ${props.label.toLowerCase()}: ${selected.label}`}
            onClick={() => actor.send({ type: "selection.clear" })}
          >
            Clear
          </Button>
        </HStack>
      </Field.Root>
    )
  }
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <Input
        size="sm"
        type="search"
        autoComplete="off"
        placeholder={props.placeholder}
        maxLength={QUERY_TEXT_MAX_LENGTH}
        value={query}
        onChange={(e) => actor.send({ type: "query.change", value: e.target.value })}
      />
      {snapshot.hasTag("busy") ? (
        <HStack gap="2" mt="1" role="status">
          <Spinner size="xs" />
          <Text fontSize="xs">Searching...</Text>
        </HStack>
      ) : null}
      {error ? (
        <Text role="alert" fontSize="xs" color="fg.error" mt="1">
          {error}
        </Text>
      ) : null}
      {snapshot.matches("showing") ? (
        options.length === 0 ? (
          <Text fontSize="xs" color="fg.muted" mt="1" role="status">
            {PICKER_EMPTY}
          </Text>
        ) : (
          <Stack as="ul" role="list" aria-label={`${props.label}: records found`} gap="1" mt="1" listStyleType="none">
            {options.map((option) => (
              <li key={option.id}>
                <Button size="xs" variant="outline" w="full" justifyContent="start" h="auto" py="1" onClick={() => actor.send({ type: "option.pick", option })}>
                  <Box textAlign="start" minW="0">
                    <Text fontSize="sm" truncate>
                      {option.label}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {option.detail}
                    </Text>
                  </Box>
                </Button>
              </li>
            ))}
          </Stack>
        )
      ) : null}
    </Field.Root>
  )
}
