import { useMemo, useState } from "react"
import { Button, Card, Center, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { CounsellingSession } from "../../../api/contract/counselling/counselling-session.ts"
import type { CounsellingDetails } from "../../../api/contract/counselling/counselling-user.ts"
import { counsellingDetailsMachine } from "../../../machines/counselling/counselling-details.machine.ts"
import { userSessionsListMachine } from "../../../machines/counselling/counselling-lists.machine.ts"
import { createSessionMachine, SESSION_CREATED } from "../../../machines/counselling/create-session.machine.ts"
import { DataTable, type Column } from "../../components/data-table.tsx"
import { DetailGrid } from "../../components/detail-grid.tsx"
import { Pager } from "../../components/pager.tsx"
import { SessionDetailsDialog } from "./session-details-dialog.tsx"
import { useSessionSteps } from "./use-session-steps.tsx"
import { SessionFormDialog } from "./session-form-dialog.tsx"
import { SessionStatusBadge } from "./session-status-badge.tsx"
import { notify } from "../../components/toaster.tsx"
import { usePagedList } from "../../components/use-paged-list.ts"
import { useListActor } from "../../components/use-list-actor.ts"
import { orNA } from "../../components/format.ts"
import { EmailText } from "../../components/email-text.tsx"

function PersonCard(props: { title: string; testId: string; name: string | null; role: string | null; id: string | null }) {
  return (
    <Card.Root data-testid={props.testId}>
      <Card.Header>
        <Card.Title as="h2">{props.title}</Card.Title>
      </Card.Header>
      <Card.Body>
        {props.id ? (
          <DetailGrid
            items={[
              ["Name", props.name],
              ["Role", props.role],
              ["Id", props.id],
            ]}
          />
        ) : (
          <Text color="fg.muted">Unassigned</Text>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function Cards({ details }: { details: CounsellingDetails }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <PersonCard title="User" testId="user-card" name={details.name} role={details.role} id={details._id} />
      <PersonCard title="Counsellor" testId="counsellor-card" name={details.counsellorName} role={details.counsellorRole} id={details.counsellorId} />
    </SimpleGrid>
  )
}

function sessionColumns(firstNumber: number, onView: (session: CounsellingSession) => void): Column<CounsellingSession>[] {
  return [
    { header: "S.No", cell: (_, i) => firstNumber + i },
    { header: "Name", cell: (s) => s.name },
    { header: "Email", cell: (s) => <EmailText email={s.email} /> },
    { header: "Number", cell: (s) => orNA(s.number) },
    { header: "Counsellor", cell: (s) => s.counsellorName },
    { header: "Counsellor Role", cell: (s) => s.counsellorRole },
    { header: "Status", cell: (s) => <SessionStatusBadge status={s.status} state={s.state} /> },
    {
      header: "View",
      cell: (s) => (
        <Button aria-haspopup="dialog" data-dialog="view" size="xs" variant="outline" onClick={() => onView(s)} aria-label={`View session ${s.topic}`}>
          View
        </Button>
      ),
    },
  ]
}

function SessionsOfUser({ userId }: { userId: string }) {
  const detailsActor = useActorRef(counsellingDetailsMachine, { input: { userId } })
  const details = useSelector(detailsActor, (s) => s.context.details)
  const detailsError = useSelector(detailsActor, (s) => s.context.error)
  const detailsLoading = useSelector(detailsActor, (s) => s.hasTag("busy"))
  const listMachine = useMemo(() => userSessionsListMachine(userId), [userId])
  const list = useListActor(listMachine)
  const view = usePagedList(list)
  const form = useActorRef(
    createSessionMachine.provide({
      actions: {
        submitted: () => {
          view.reload()
          notify(SESSION_CREATED, "success")
        },
      },
    }),
  )
  const [viewing, setViewing] = useState<CounsellingSession | null>(null)
  const steps = useSessionSteps("admin", () => view.reload())

  const columns = sessionColumns(view.firstNumber, setViewing)

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          Counselling Sessions
        </Heading>
        <Button
          aria-haspopup="dialog"
          data-dialog="create"
          colorPalette="teal"
          size="sm"
          disabled={!details?.counsellorId}
          title={details && !details.counsellorId ? "Assign a counsellor first." : undefined}
          onClick={() => details?.counsellorId && form.send({ type: "form.open", extra: { userId: details._id, counsellorId: details.counsellorId } })}
        >
          + Create Session
        </Button>
      </HStack>
      {detailsLoading ? (
        <Center py="6">
          <Spinner role="status" aria-label="Loading" />
        </Center>
      ) : detailsError ? (
        <Text role="alert" color="red.600">
          {detailsError}
        </Text>
      ) : details ? (
        <Cards details={details} />
      ) : null}
      <DataTable
        columnChoice={view.columnChoice}
        columns={columns}
        rows={view.rows}
        rowKey={(s) => s._id}
        loading={view.loading}
        error={view.error}
        emptyText="No sessions found."
      />
      <Pager {...view.pager} />
      <SessionDetailsDialog open={viewing !== null} session={viewing} onClose={() => setViewing(null)} steps={steps} />
      {steps.dialogs}
      <SessionFormDialog actor={form} title="Create Session" submitLabel="Create Session" busyLabel="Creating..." />
    </Stack>
  )
}

/** Counselling Sessions for one user (/counselling/{userId}): user and counsellor cards, sessions, '+ Create Session'. */
export default function CounsellingSessionsPage({ params }: { params: Record<string, string | undefined> }) {
  const userId = params.userId ?? ""
  return <SessionsOfUser key={userId} userId={userId} />
}
