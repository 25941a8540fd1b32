import { Button, Collapsible, HStack, Link, Stack } from "@chakra-ui/react"
import { Link as RouterLink } from "wouter"
import type { AnyStateMachine } from "xstate"
import { toMermaid } from "../../machines/diagram/mermaid.ts"
import { diagramHref } from "./diagram-href.ts"
import { MachineDiagram } from "./machine-diagram.tsx"

/**
 * The machine's diagram with the entity's current state highlighted, for auditors. Folded by
 * default: the diagram library loads only when someone opens it. The link opens the workflow on the
 * State diagrams page (its transitions, who may fire them), the same state marked.
 */
export function CurrentStateDiagram(props: { machine: AnyStateMachine; workflowId: string; stateId: string; label: string }) {
  return (
    <Collapsible.Root lazyMount>
      <HStack gap="4" flexWrap="wrap">
        <Collapsible.Trigger asChild>
          <Button size="xs" variant="outline" alignSelf="start">
            Show status diagram
          </Button>
        </Collapsible.Trigger>
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink href={diagramHref(props.workflowId, props.stateId)}>Open its workflow in State diagrams</RouterLink>
        </Link>
      </HStack>
      <Collapsible.Content>
        <Stack mt="3" data-testid="current-state-diagram" data-current-state={props.stateId}>
          <MachineDiagram source={toMermaid(props.machine, { highlight: [props.stateId] })} label={props.label} />
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  )
}
