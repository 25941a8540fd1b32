import { Heading, Stack, Table, Text } from "@chakra-ui/react"
import type { StatusChange } from "../../../api/contract/vendors/vendor.ts"
import { formatDateTime } from "../../components/format.ts"
import { StatusBadge } from "../../components/status-badge.tsx"

/** Beyond the spec: every status change of the vendor (who, when, from, to) from the event log. */
export function StatusHistory({ history, error, loading }: { history: StatusChange[]; error: string | null; loading: boolean }) {
  return (
    <Stack as="section" aria-labelledby="history-heading" gap="3">
      <Heading as="h2" size="md" id="history-heading">
        History
      </Heading>
      {loading ? (
        <Text color="fg.muted">Loading history…</Text>
      ) : error ? (
        <Text role="alert" color="red.600">
          {error}
        </Text>
      ) : history.length === 0 ? (
        <Text color="fg.muted">No status changes yet.</Text>
      ) : (
        <Table.Root size="sm" data-testid="status-history" bg="bg" borderWidth="1px" rounded="md">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>When</Table.ColumnHeader>
              <Table.ColumnHeader>Changed by</Table.ColumnHeader>
              <Table.ColumnHeader>From</Table.ColumnHeader>
              <Table.ColumnHeader>To</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {history.map((change, i) => (
              <Table.Row key={`${change.at}-${i}`}>
                <Table.Cell>{formatDateTime(change.at)}</Table.Cell>
                <Table.Cell>{change.actorName ?? "Unknown"}</Table.Cell>
                <Table.Cell>
                  <StatusBadge status={change.from} />
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge status={change.to} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  )
}
