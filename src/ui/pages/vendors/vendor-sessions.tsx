import { Text } from "@chakra-ui/react"
import type { VendorSession } from "../../../machines/vendors/vendor-details.machine.ts"
import { DataTable, type Column } from "../../components/data-table.tsx"
import { formatDateTime, orNA } from "../../components/format.ts"
import { EmailText } from "../../components/email-text.tsx"

const columns: Column<VendorSession>[] = [
  { header: "S.No", cell: (_, i) => i + 1 },
  { header: "Name", cell: (s) => s.name },
  { header: "Email", cell: (s) => <EmailText email={s.email} /> },
  { header: "Topic", cell: (s) => orNA(s.topic) },
  { header: "Date | Time", cell: (s) => formatDateTime(s.dateTime) },
  { header: "Status", cell: (s) => <Text textTransform="capitalize">{s.status}</Text> },
]

/** The Sessions tab: the vendor's sessions, or 'No sessions found.'. */
export function VendorSessions({ sessions, error, loading }: { sessions: VendorSession[]; error: string | null; loading: boolean }) {
  return (
    <DataTable
      columns={columns}
      rows={sessions}
      rowKey={(s) => s._id}
      loading={loading}
      error={error}
      emptyText="No sessions found."
      label="Vendor's sessions"
    />
  )
}
