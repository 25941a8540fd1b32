import { Button, Collapsible, Stack } from "@chakra-ui/react"
import type { AnyStateMachine } from "xstate"
import { toMermaid } from "../../machines/diagram/mermaid.ts"
import { MachineDiagram } from "./machine-diagram.tsx"

/**
 * The machine's diagram with the entity's current state highlighted, for auditors. Folded by
 * default: the diagram library loads only when someone opens it.
 */
export function CurrentStateDiagram(props: { machine: AnyStateMachine; stateId: string; label: string }) {
  return (
    <Collapsible.Root lazyMount>
      <Collapsible.Trigger asChild>
        <Button size="xs" variant="outline" alignSelf="start">
          Show status diagram
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack mt="3" data-testid="current-state-diagram" data-current-state={props.stateId}>
          <MachineDiagram source={toMermaid(props.machine, { highlight: [props.stateId] })} label={props.label} />
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  )
}
