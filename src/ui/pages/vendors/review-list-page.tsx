import { useMemo, useRef } from "react"
import { Box, Button, HStack, Menu, Portal, Spinner, Stack } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { VendorStatus } from "../../../api/contract/common.ts"
import type { PersonListItem } from "../../../api/contract/account/user.ts"
import { peopleListScreens } from "../../../api/contract/vendors/people-list-screens.ts"
import type { PeopleListName, ReviewList } from "../../../api/contract/vendors/people-lists.ts"
import { pageCount } from "../../../machines/paged-list.machine.ts"
import { createReviewListMachine, type ReviewListContext } from "../../../machines/vendors/review-list.machine.ts"
import { needsConfirmation, reviewListOptions, statusConfirmation } from "../../../machines/vendors/vendor-status.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { DataTable } from "../../components/data-table.tsx"
import { Pager } from "../../components/pager.tsx"
import { notify } from "../../components/toaster.tsx"
import { peopleTableColumns } from "./person-columns.tsx"
import { SearchBox } from "./search-box.tsx"
import { readListUrl, watchListUrl, writeListUrl } from "../../components/list-url.ts"
import { statusLabel } from "./status-label.ts"
import { useMenuFocusReturn } from "../../components/menu-focus-return.ts"
import { ExportCsvButton } from "../../components/export-csv-button.tsx"
import { ListHeader } from "../../components/list-header.tsx"

/**
 * The per-row status menu: the spec's options for the row's status, the current one checked. A menu
 * (not a native select, whose arrow keys would change the status at once): arrows only move, Enter
 * or a click chooses. Disabled while that row's change is pending.
 */
function RowStatusMenu({
  row,
  pending,
  setStatus,
}: {
  row: PersonListItem
  pending: VendorStatus | undefined
  setStatus: (userId: string, status: VendorStatus) => void
}) {
  const shown = pending ?? row.status
  const trigger = useRef<HTMLButtonElement>(null)
  const returnFocus = useMenuFocusReturn(trigger)
  return (
    <HStack gap="2" minW="40">
      <Menu.Root positioning={{ placement: "bottom-start" }} onExitComplete={returnFocus}>
        <Menu.Trigger asChild>
          <Button ref={trigger} size="sm" variant="outline" disabled={pending !== undefined} aria-label={`Status of ${row.name}: ${statusLabel(shown)}`}>
            {statusLabel(shown)}
            <Box as="span" aria-hidden="true" fontSize="xs">
              ▾
            </Box>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.RadioItemGroup value={shown} onValueChange={(e) => e.value !== shown && setStatus(row._id, e.value as VendorStatus)}>
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

/** Each row's status menu, disabled while a change of that row waits in the queue. */
const menuCells = (queue: ReviewListContext["queue"], setStatus: (userId: string, status: VendorStatus) => void) => ({
  status: (row: PersonListItem) => <RowStatusMenu row={row} pending={queue.find((q) => q.userId === row._id)?.status} setStatus={setStatus} />,
})

/** Under Review, Temp Approve and Rejected (spec section 2): each row's status dropdown offers the spec's options. */
export function ReviewListPage({ name, list }: { name: PeopleListName; list: ReviewList }) {
  const kind = list.kind
  const machine = useMemo(
    () =>
      createReviewListMachine(kind).provide({
        actions: {
          notify: (_, p) => notify(p.text, p.tone),
          pushUrl: (_, state) => writeListUrl(state, false),
          replaceUrl: (_, state) => writeListUrl(state, true),
        },
        actors: { watchUrl: watchListUrl },
      }),
    [kind],
  )
  const actor = useActorRef(machine, { input: readListUrl() })
  const context = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  const ready = useSelector(actor, (s) => s.matches("ready"))
  const updating = useSelector(actor, (s) => s.hasTag("updating"))
  const canNext = useSelector(actor, (s) => s.can({ type: "page.next" }))
  const canPrevious = useSelector(actor, (s) => s.can({ type: "page.previous" }))
  const asked = context.confirming
  const confirmation = asked && needsConfirmation(asked.status) ? statusConfirmation(asked.name, asked.status) : null
  return (
    <Stack gap="4">
      <ListHeader title={list.title} exportButton={<ExportCsvButton list={name} search={context.search} />} />
      <SearchBox current={context.search} onSearch={(search) => actor.send({ type: "search.change", search })} disabled={updating} />
      <DataTable
        columns={peopleTableColumns(
          context.page,
          context.pageSize,
          menuCells(context.queue, (userId, status) => actor.send({ type: "row.setStatus", userId, status })),
        )}
        rows={context.rows}
        rowKey={(r) => r._id}
        loading={loading}
        error={context.error}
        emptyText={peopleListScreens[name].empty}
      />
      {ready || context.total > 0 ? (
        <Pager
          page={context.page}
          pageCount={pageCount(context.total, context.pageSize)}
          more={context.capped}
          canPrevious={canPrevious}
          canNext={canNext}
          onPrevious={() => actor.send({ type: "page.previous" })}
          onNext={() => actor.send({ type: "page.next" })}
        />
      ) : null}
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation?.title}
        question={confirmation?.question ?? ""}
        confirmLabel={confirmation?.confirmLabel}
        onConfirm={() => actor.send({ type: "status.confirm" })}
        onCancel={() => actor.send({ type: "status.cancel" })}
      />
    </Stack>
  )
}
