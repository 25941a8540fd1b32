import { useMemo, useRef } from "react"
import { Box, Button, HStack, Menu, Portal, Progress, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { vendorRoles, type VendorStatus } from "../../../api/contract/common.ts"
import type { PersonListItem } from "../../../api/contract/account/user.ts"
import { peopleListScreens } from "../../../api/contract/vendors/people-list-screens.ts"
import type { PeopleListName, ReviewList } from "../../../api/contract/vendors/people-lists.ts"
import { createReviewListMachine, reviewStatusChangesMachine, type StatusChangesContext } from "../../../machines/vendors/review-list.machine.ts"
import { needsConfirmation, reviewListOptions, statusConfirmation } from "../../../machines/vendors/vendor-status.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { DataTable } from "../../components/data-table.tsx"
import { Pager } from "../../components/pager.tsx"
import { notify } from "../../components/toaster.tsx"
import { nameCell, peopleTableColumns } from "./person-columns.tsx"
import { SearchBox } from "./search-box.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { usePagedList } from "../../components/use-paged-list.ts"
import { statusLabel } from "./status-label.ts"
import { useMenuFocusReturn } from "../../components/menu-focus-return.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { FilterSelect } from "../../components/filter-select.tsx"
import { bulkStatusMachine } from "../../../machines/vendors/bulk-status.machine.ts"
import { statusOfReviewList } from "../../../api/contract/vendors/vendor.ts"
import { selectColumnOf } from "../../components/select-box.tsx"
import { BulkStatusBar } from "./bulk-status-bar.tsx"
import { ListDayRangeFilter } from "../../components/day-range-filter.tsx"
import { dayRangeBounds } from "../../../machines/day-range.ts"

/**
 * The per-row status menu: the spec's options for the row's status, the current one checked. A menu
 * (not a native select, whose arrow keys would change the status at once): arrows only move, Enter
 * or a click chooses. Disabled while that row's change is pending.
 */
function RowStatusMenu({
  row,
  pending,
  disabled,
  setStatus,
}: {
  row: PersonListItem
  pending: VendorStatus | undefined
  disabled: boolean
  setStatus: (row: PersonListItem, status: VendorStatus) => void
}) {
  const shown = pending ?? row.status
  const trigger = useRef<HTMLButtonElement>(null)
  const returnFocus = useMenuFocusReturn(trigger)
  return (
    <HStack gap="2" minW="40">
      <Menu.Root positioning={{ placement: "bottom-start" }} onExitComplete={returnFocus}>
        <Menu.Trigger asChild>
          <Button
            ref={trigger}
            size="sm"
            variant="outline"
            disabled={pending !== undefined || disabled}
            aria-label={`Status of ${row.name}: ${statusLabel(shown)}`}
          >
            {statusLabel(shown)}
            <Box as="span" aria-hidden="true" fontSize="xs">
              ▾
            </Box>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.RadioItemGroup value={shown} onValueChange={(e) => e.value !== shown && setStatus(row, e.value as VendorStatus)}>
                {reviewListOptions(row.status).map((status) => (
                  <Menu.RadioItem key={status} value={status}>
                    {statusLabel(status)}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {pending ? <Spinner role="status" size="xs" aria-label={`Updating ${row.name}`} /> : null}
    </HStack>
  )
}

/** Each row's status menu, disabled while a change of that row waits in the queue or the list is being read. */
const menuCells = (queue: StatusChangesContext["queue"], loading: boolean, setStatus: (row: PersonListItem, status: VendorStatus) => void) => ({
  name: (row: PersonListItem) => (
    <Stack gap="1">
      {nameCell(row)}
      <OnboardingLine row={row} />
    </Stack>
  ),
  status: (row: PersonListItem) => (
    <RowStatusMenu row={row} pending={queue.find((q) => q.userId === row._id)?.status} disabled={loading} setStatus={setStatus} />
  ),
})

/**
 * How far each vendor is with their onboarding checklist (issue 26), under their name: a column of its own
 * would push the review lists past a laptop's width.
 */
function OnboardingLine({ row }: { row: PersonListItem }) {
  if (!row.onboarding) return null
  const { done, total } = row.onboarding
  return (
    <HStack gap="2" data-testid="onboarding-cell">
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
        Onboarding {done} of {total}
      </Text>
      <Progress.Root value={(done / total) * 100} size="xs" w="10" colorPalette={done === total ? "green" : "teal"} aria-hidden>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </HStack>
  )
}

/** The review lists' Role filter and Joined days, kept in the URL (`?role=Lawyer&from=2026-11-01`). */
const REVIEW_FILTERS = { keys: ["role", "from", "to"] } as const
const ROLE_CHOICES = vendorRoles.map((role) => ({ value: role, label: role }))

/**
 * Under Review, Temp Approve and Rejected (spec section 2): each row's status dropdown offers the spec's options;
 * rows chosen with their boxes move together from the bulk bar (issue 26).
 */
export function ReviewListPage({ name, list }: { name: PeopleListName; list: ReviewList }) {
  const kind = list.kind
  const listActor = useListActor(
    useMemo(() => createReviewListMachine(kind), [kind]),
    REVIEW_FILTERS,
  )
  const view = usePagedList(listActor)
  const search = useSelector(listActor, (s) => s.context.search)
  const sort = useSelector(listActor, (s) => s.context.sort)
  const applied = useSelector(listActor, (s) => s.context.applied)
  const ready = useSelector(listActor, (s) => s.matches("ready"))
  const changes = useActorRef(
    reviewStatusChangesMachine.provide({
      actions: { notify: (_, p) => notify(p.text, p.tone), allAnswered: () => listActor.send({ type: "list.reload" }) },
    }),
  )
  const queue = useSelector(changes, (s) => s.context.queue)
  const asked = useSelector(changes, (s) => s.context.confirming)
  // Paging and search wait while a change is sent: the list reloads once every change is answered.
  const updating = useSelector(changes, (s) => s.hasTag("updating"))
  const confirmation = asked && needsConfirmation(asked.status) ? statusConfirmation(asked.name, asked.status) : null
  const bulk = useActorRef(bulkStatusMachine.provide({ actions: { listChanged: () => listActor.send({ type: "list.reload" }) } }))
  const chosen = useSelector(bulk, (s) => s.context.selected.map((r) => r._id))
  const bulkBusy = useSelector(bulk, (s) => s.hasTag("busy"))
  const selectColumn = selectColumnOf({
    rows: view.rows,
    chosen,
    busy: bulkBusy,
    rowId: (row) => row._id,
    rowLabel: (row) => `Select ${row.name}`,
    pageLabel: "Select all vendors on this page",
    send: (event) => bulk.send(event),
  })

  return (
    <Stack gap="4">
      <ListHeader
        title={list.title}
        exportButton={<ExportButtons list={name} search={search} sort={sort} filters={{ ...applied, ...dayRangeBounds(applied) }} />}
      />
      <Stack direction={{ base: "column", md: "row" }} gap="3" align={{ md: "flex-end" }}>
        <SearchBox current={search} onSearch={(next) => listActor.send({ type: "search.change", search: next })} disabled={updating} />
        <Box minW={{ md: "48" }}>
          <FilterSelect
            label="Role"
            all="All roles"
            value={applied.role ?? ""}
            choices={ROLE_CHOICES}
            disabled={updating}
            onChange={(role) => listActor.send({ type: "filter.set", field: "role", value: role })}
          />
        </Box>
      </Stack>
      <ListDayRangeFilter list={listActor} label="Joined" disabled={updating} />
      <BulkStatusBar actor={bulk} listStatus={statusOfReviewList[kind]} />
      <DataTable
        columnChoice={view.columnChoice}
        columns={[
          selectColumn,
          ...peopleTableColumns(
            view.pager.page,
            view.pager.pageSize,
            menuCells(queue, view.loading || bulkBusy, (row, status) => changes.send({ type: "row.setStatus", row, status })),
            { sort, onSort: (next) => listActor.send({ type: "sort.change", sort: next }), disabled: updating },
          ),
        ]}
        rows={view.rows}
        rowKey={(r) => r._id}
        loading={view.loading}
        error={view.error}
        emptyText={peopleListScreens[name].empty}
      />
      {ready || view.total > 0 ? <Pager {...view.pager} canPrevious={view.pager.canPrevious && !updating} canNext={view.pager.canNext && !updating} /> : null}
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation?.title}
        question={confirmation?.question ?? ""}
        confirmLabel={confirmation?.confirmLabel}
        onConfirm={() => changes.send({ type: "status.confirm" })}
        onCancel={() => changes.send({ type: "status.cancel" })}
      />
    </Stack>
  )
}
