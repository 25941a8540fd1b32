import { Box, Table } from "@chakra-ui/react"

/**
 * A table that makes no call and always shows its empty text under its column headers
 * (Transaction History, Upcoming Counselling, Wallet History: spec section 2).
 */
export function StaticEmptyTable({ caption, columns, emptyText = "No data Found" }: { caption: string; columns: string[]; emptyText?: string }) {
  return (
    <Box overflowX="auto" borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label={caption}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c}>{c}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            <Table.Cell colSpan={columns.length} textAlign="center" color="fg.muted" py="6" data-testid="list-empty">
              {emptyText}
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Box>
  )
}
