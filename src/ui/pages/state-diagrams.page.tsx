import { Box, Heading, Stack, Table, Tabs, Text } from "@chakra-ui/react"
import { machineRegistry } from "../../machines/registry.ts"
import { readMachine } from "../../machines/diagram/machine-graph.ts"
import { toMermaid } from "../../machines/diagram/mermaid.ts"
import { MachineDiagram } from "../components/machine-diagram.tsx"

/** Admin-only: every machine's diagram, drawn from the same definitions as docs/machines. */
export default function StateDiagramsPage() {
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        State diagrams
      </Heading>
      <Text color="fg.muted">Drawn from the machines that run the console and check every change on the server.</Text>
      <Tabs.Root defaultValue={machineRegistry[0]?.id} lazyMount unmountOnExit variant="enclosed">
        <Tabs.List flexWrap="wrap">
          {machineRegistry.map((entry) => (
            <Tabs.Trigger key={entry.id} value={entry.id}>
              {entry.title}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {machineRegistry.map((entry) => {
          const { nodes } = readMachine(entry.machine)
          return (
            <Tabs.Content key={entry.id} value={entry.id}>
              <Stack gap="4">
                <Text>{entry.summary}</Text>
                <MachineDiagram source={toMermaid(entry.machine, { delayLabels: entry.delayLabels })} label={`State diagram of ${entry.title}`} />
                <Box overflowX="auto">
                  <Table.Root size="sm">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>State</Table.ColumnHeader>
                        <Table.ColumnHeader>Description</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {nodes
                        .filter((n) => n.parent !== null)
                        .map((n) => (
                          <Table.Row key={n.id}>
                            <Table.Cell>{n.id.slice(entry.machine.root.id.length + 1)}</Table.Cell>
                            <Table.Cell>{n.description}</Table.Cell>
                          </Table.Row>
                        ))}
                    </Table.Body>
                  </Table.Root>
                </Box>
              </Stack>
            </Tabs.Content>
          )
        })}
      </Tabs.Root>
    </Stack>
  )
}
