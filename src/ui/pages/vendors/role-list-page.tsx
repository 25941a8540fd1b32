import { useMemo } from "react"
import { Stack } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { PersonListItem } from "../../../api/contract/account/user.ts"
import { peopleListScreens } from "../../../api/contract/vendors/people-list-screens.ts"
import type { PeopleListName, RoleList } from "../../../api/contract/vendors/people-lists.ts"
import { createRoleListMachine } from "../../../machines/vendors/role-list.machine.ts"
import { authActor, selectUser } from "../../app/auth-actor.ts"
import { DataTable } from "../../components/data-table.tsx"
import { Pager } from "../../components/pager.tsx"
import { StatusBadge } from "../../components/status-badge.tsx"
import { peopleTableColumns } from "./person-columns.tsx"
import { SearchBox } from "./search-box.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { usePagedList } from "../../components/use-paged-list.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { ListDayRangeFilter } from "../../components/day-range-filter.tsx"
import { dayRangeBounds } from "../../../machines/day-range.ts"

/** The Joined days, kept in the URL (`?from=2026-11-01&to=2026-11-30`). */
const JOINED_FILTER = { keys: ["from", "to"] } as const

const badgeCells = { status: (row: PersonListItem) => <StatusBadge status={row.status} /> }

/** One role's active people (spec section 2, Role list pages), narrowed to the days they joined (issue 26); every status badge is read-only. */
export function RoleListPage({ name, list }: { name: PeopleListName; list: RoleList }) {
  const role = list.role
  const organizationId = useSelector(authActor, (s) => selectUser(s)?.organizationId ?? null)
  const machine = useMemo(() => createRoleListMachine(role, organizationId), [role, organizationId])
  const actor = useListActor(machine, JOINED_FILTER)
  const context = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  const ready = useSelector(actor, (s) => s.matches("ready"))
  const { pager, columnChoice } = usePagedList(actor)
  const columns = peopleTableColumns(context.page, context.pageSize, badgeCells, {
    sort: context.sort,
    onSort: (sort) => actor.send({ type: "sort.change", sort }),
  })
  return (
    <Stack gap="4">
      <ListHeader
        title={list.title}
        exportButton={<ExportButtons list={name} search={context.search} sort={context.sort} filters={dayRangeBounds(context.applied)} />}
      />
      <SearchBox current={context.search} onSearch={(search) => actor.send({ type: "search.change", search })} disabled={loading} />
      <ListDayRangeFilter list={actor} label="Joined" />
      <DataTable
        columnChoice={columnChoice}
        columns={columns}
        rows={context.rows}
        rowKey={(r) => r._id}
        loading={loading}
        error={context.error}
        emptyText={peopleListScreens[name].empty}
      />
      {ready || context.total > 0 ? <Pager {...pager} /> : null}
    </Stack>
  )
}
