import { useMemo, useState } from "react"
import { Button, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { CounsellingSession, SessionStatus } from "../../../api/contract/counselling/counselling-session.ts"
import type { SessionUser } from "../../../api/contract/account/user.ts"
import { mySessionsListMachine } from "../../../machines/counselling/counselling-lists.machine.ts"
import { authActor, selectUser } from "../../app/auth-actor.ts"
import { DataTable, type Column } from "../../components/data-table.tsx"
import { formatDateTime, NOT_AVAILABLE, viewerZone } from "../../components/format.ts"
import { NoWrap } from "../../components/no-wrap.tsx"
import { Pager } from "../../components/pager.tsx"
import { SessionDetailsDialog } from "./session-details-dialog.tsx"
import { useSessionSteps } from "./use-session-steps.tsx"
import { SessionCalendar } from "./session-calendar.tsx"
import { SessionsViewSwitch, type SessionsLayout } from "./sessions-view-switch.tsx"
import { usePagedList } from "../../components/use-paged-list.ts"
import { useListActor } from "../../components/use-list-actor.ts"

function mySessionColumns(o: {
  firstNumber: number
  isClient: boolean
  status: SessionStatus
  onView: (s: CounsellingSession) => void
}): Column<CounsellingSession>[] {
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

function SessionsTable({ user, status, layout }: { user: SessionUser; status: SessionStatus; layout: SessionsLayout }) {
  const machine = useMemo(() => mySessionsListMachine(user, status), [user, status])
  const list = useListActor(machine)
  const view = usePagedList(list)
  const [viewing, setViewing] = useState<CounsellingSession | null>(null)
  const isClient = user.role === "User"
  const [changes, setChanges] = useState(0)
  const steps = useSessionSteps(isClient ? "client" : "counsellor", () => {
    view.reload()
    setChanges((n) => n + 1)
  })
  const scope = useMemo(() => ({ kind: "mine" as const, user }), [user])
  if (layout === "calendar") {
    return (
      <>
        <SessionCalendar scope={scope} steps={steps} withClient={!isClient} showStartLink={!isClient} changes={changes} />
        {steps.dialogs}
      </>
    )
  }
  const columns = mySessionColumns({ firstNumber: view.firstNumber, isClient, status, onView: setViewing })
  return (
    <>
      <DataTable
        columnChoice={view.columnChoice}
        columns={columns}
        rows={view.rows}
        rowKey={(s) => s._id}
        loading={view.loading}
        error={view.error}
        emptyText={status === "upcoming" ? "No sessions found" : "No sessions found."}
      />
      <Pager {...view.pager} />
      <SessionDetailsDialog open={viewing !== null} session={viewing} onClose={() => setViewing(null)} showStartLink={!isClient} steps={steps} />
      {steps.dialogs}
    </>
  )
}

/**
 * Upcoming Session / Session History of the signed-in person: role User through the
 * user-sessions call, vendors through the counsellor-sessions call; times in the viewer's zone.
 */
export function MySessions({ status }: { status: SessionStatus }) {
  const user = useSelector(authActor, selectUser)
  const [layout, setLayout] = useState<SessionsLayout>("table")
  if (!user) return null
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          {status === "upcoming" ? "Upcoming Session" : "Session History"}
        </Heading>
        <HStack gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            Times are in your time zone ({viewerZone()}).
          </Text>
          {status === "upcoming" ? <SessionsViewSwitch value={layout} onChange={setLayout} /> : null}
        </HStack>
      </HStack>
      <SessionsTable key={`${user._id}-${status}`} user={user} status={status} layout={status === "upcoming" ? layout : "table"} />
    </Stack>
  )
}
