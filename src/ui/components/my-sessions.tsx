import { useMemo, useState } from "react"
import { Button, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { CounsellingSession, SessionStatus } from "../../api/contract/counselling-session.ts"
import type { SessionUser } from "../../api/contract/user.ts"
import { mySessionsListMachine } from "../../machines/counselling-lists.machine.ts"
import { authActor, selectUser } from "../app/auth-actor.ts"
import { DataTable, type Column } from "./data-table.tsx"
import { formatDateTime, NOT_AVAILABLE } from "./format.ts"
import { NoWrap } from "./no-wrap.tsx"
import { Pager } from "./pager.tsx"
import { SessionDetailsDialog } from "./session-details-dialog.tsx"
import { usePagedList } from "./use-paged-list.ts"
import { useListActor } from "./use-list-actor.ts"

const zoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone

function mySessionColumns(o: { firstNumber: number; isClient: boolean; status: SessionStatus; onView: (s: CounsellingSession) => void }): Column<CounsellingSession>[] {
  return [
    { header: "S.No", cell: (_, i) => o.firstNumber + i },
    { header: o.isClient ? "Counsellor" : "Client", cell: (s) => (o.isClient ? `${s.counsellorName} (${s.counsellorRole})` : s.name) },
    { header: "Topic", cell: (s) => s.topic },
    { header: "Date | Time", cell: (s) => <NoWrap>{formatDateTime(s.dateTime)}</NoWrap> },
    { header: "Duration", cell: (s) => `${s.duration} min` },
    {
      header: "Meeting",
      cell: (s) => {
        const href = o.isClient ? s.joinLink : s.startLink
        const label = o.isClient ? "Join" : "Start"
        return href && o.status === "upcoming" ? (
          <Link href={href} target="_blank" rel="noopener noreferrer" colorPalette="teal" aria-label={`${label} ${s.topic}`}>
            {label}
          </Link>
        ) : (
          NOT_AVAILABLE
        )
      },
    },
    {
      header: "View",
      cell: (s) => (
        <Button aria-haspopup="dialog" data-dialog="view" size="xs" variant="outline" onClick={() => o.onView(s)} aria-label={`View session ${s.topic}`}>
          View
        </Button>
      ),
    },
  ]
}

function SessionsTable({ user, status }: { user: SessionUser; status: SessionStatus }) {
  const machine = useMemo(() => mySessionsListMachine(user, status), [user, status])
  const list = useListActor(machine)
  const view = usePagedList(list)
  const [viewing, setViewing] = useState<CounsellingSession | null>(null)
  const isClient = user.role === "User"
  const columns = mySessionColumns({ firstNumber: view.firstNumber, isClient, status, onView: setViewing })
  return (
    <>
      <DataTable
        columns={columns}
        rows={view.rows}
        rowKey={(s) => s._id}
        loading={view.loading}
        error={view.error}
        emptyText={status === "upcoming" ? "No sessions found" : "No sessions found."}
      />
      <Pager {...view.pager} />
      <SessionDetailsDialog open={viewing !== null} session={viewing} onClose={() => setViewing(null)} showStartLink={!isClient} />
    </>
  )
}

/**
 * Upcoming Session / Session History of the signed-in person: role User through the
 * user-sessions call, vendors through the counsellor-sessions call; times in the viewer's zone.
 */
export function MySessions({ status }: { status: SessionStatus }) {
  const user = useSelector(authActor, selectUser)
  if (!user) return null
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          {status === "upcoming" ? "Upcoming Session" : "Session History"}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Times are in your time zone ({zoneName()}).
        </Text>
      </HStack>
      <SessionsTable key={`${user._id}-${status}`} user={user} status={status} />
    </Stack>
  )
}
