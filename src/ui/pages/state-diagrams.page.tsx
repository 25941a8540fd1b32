import { Box, Button, Field, Heading, HStack, Link, NativeSelect, Stack, Table, Tabs, Text } from "@chakra-ui/react"
import { Link as RouterLink, useLocation, useSearch } from "wouter"
import { stateRows, transitionRows } from "../../machines/diagram/machine-doc.ts"
import { toMermaid } from "../../machines/diagram/mermaid.ts"
import type { MachineEntry } from "../../machines/machine-entry.ts"
import { machineRegistry } from "../../machines/registry.ts"
import { diagramHref } from "../components/diagram-href.ts"
import { MachineDiagram } from "../components/machine-diagram.tsx"

const workflows = machineRegistry.filter((e) => e.workflow)
const consoleMachines = machineRegistry.filter((e) => !e.workflow)

/**
 * Admin-only: the domain workflows (the rules of a record's life the server enforces) apart from the
 * console's own machines, each drawn from the same definition as docs/machines, with who may fire every
 * transition and its guard, printable and downloadable as SVG.
 */
export default function StateDiagramsPage() {
  const query = new URLSearchParams(useSearch())
  const [, navigate] = useLocation()
  const entry = machineRegistry.find((e) => e.id === query.get("machine")) ?? workflows[0]!
  const state = query.get("state") ?? undefined
  const group = entry.workflow ? "workflows" : "console"
  const open = (id: string) => navigate(diagramHref(id))
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        State diagrams
      </Heading>
      <Text color="fg.muted">Drawn from the machines that run the console and check every change on the server.</Text>
      <Tabs.Root
        value={group}
        onValueChange={(d) => open((d.value === "workflows" ? workflows : consoleMachines)[0]!.id)}
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Tabs.List _print={{ display: "none" }}>
          <Tabs.Trigger value="workflows">Domain workflows ({workflows.length})</Tabs.Trigger>
          <Tabs.Trigger value="console">Console machines ({consoleMachines.length})</Tabs.Trigger>
        </Tabs.List>
        {(["workflows", "console"] as const).map((value) => (
          <Tabs.Content key={value} value={value}>
            <Stack gap="4">
              <HStack gap="3" flexWrap="wrap" alignItems="end" _print={{ display: "none" }}>
                <Field.Root maxW="sm">
                  <Field.Label>{value === "workflows" ? "Workflow" : "Machine"}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={entry.id} onChange={(e) => open(e.target.value)} data-testid="diagram-picker">
                      {(value === "workflows" ? workflows : consoleMachines).map((e) => (
                        <option key={e.id} value={e.id}>
                          {e.title}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Button variant="outline" onClick={() => window.print()}>
                  Print
                </Button>
              </HStack>
              <MachineView key={`${entry.id} ${state ?? ""}`} entry={entry} state={state} />
            </Stack>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  )
}

function MachineView({ entry, state }: { entry: MachineEntry; state: string | undefined }) {
  const rows = transitionRows(entry)
  const states = stateRows(entry)
  const idOf = (key: string) => `${entry.machine.root.id}.${key}`
  // The state the address marks, when this machine has it (a stale or foreign link marks nothing).
  const marked = states.find((r) => idOf(r.state) === state)?.state
  return (
    <Stack gap="4" data-testid="machine-view" data-machine={entry.id}>
      <Heading as="h2" size="md">
        {entry.title}
      </Heading>
      <Text>{entry.summary}</Text>
      {marked ? (
        <Text>
          Marked: the record's current state, <strong>{marked}</strong>.{" "}
          <Link asChild colorPalette="blue" _print={{ display: "none" }}>
            <RouterLink href={diagramHref(entry.id)}>Show without the mark</RouterLink>
          </Link>
        </Text>
      ) : null}
      <MachineDiagram
        source={toMermaid(entry.machine, { delayLabels: entry.delayLabels, highlight: marked ? [idOf(marked)] : [] })}
        label={`State diagram of ${entry.title}`}
        downloadName={`${entry.id}.svg`}
      />
      <Heading as="h3" size="sm">
        Transitions
      </Heading>
      <Box overflowX="auto" role="region" aria-label={`Transitions of ${entry.title}`} tabIndex={0}>
        <Table.Root size="sm" data-testid="transitions">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>From</Table.ColumnHeader>
              <Table.ColumnHeader>Event</Table.ColumnHeader>
              <Table.ColumnHeader>Guard</Table.ColumnHeader>
              <Table.ColumnHeader>To</Table.ColumnHeader>
              <Table.ColumnHeader>Who may fire it</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r, i) => (
              <Table.Row key={i}>
                <Table.Cell>{r.from}</Table.Cell>
                <Table.Cell>{r.trigger}</Table.Cell>
                <Table.Cell>{r.guard || "none"}</Table.Cell>
                <Table.Cell>{r.to}</Table.Cell>
                <Table.Cell>{r.who}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Heading as="h3" size="sm">
        States
      </Heading>
      <Box overflowX="auto" role="region" aria-label={`States of ${entry.title}`} tabIndex={0}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              <Table.ColumnHeader>Description</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {states.map((r) => (
              <Table.Row key={r.state} data-current={r.state === marked || undefined}>
                <Table.Cell fontWeight={r.state === marked ? "bold" : undefined}>{r.state}</Table.Cell>
                <Table.Cell>{r.description}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  )
}
