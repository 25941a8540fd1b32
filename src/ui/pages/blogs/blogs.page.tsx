import { Box, Button, HStack, Link, Stack, Switch } from "@chakra-ui/react"
import { MediaLibraryLink } from "../../components/content/media-library-link.tsx"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { Link as RouterLink } from "wouter"
import type { Blog } from "../../../api/contract/blogs/blog.ts"
import { blogList } from "../../../api/contract/blogs/blog-list.ts"
import { blogListColumns, blogListScreen, type BlogListColumn } from "../../../api/contract/blogs/blog-list-screen.ts"
import { blogActionsMachine, blogListMachine } from "../../../machines/blogs/blogs.machine.ts"
import { usePagedList } from "../../components/use-paged-list.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { DataTable, definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { formatDate, truncate } from "../../components/format.ts"
import { Pager } from "../../components/pager.tsx"
import { notify } from "../../components/toaster.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { BlogDrafts } from "./blog-drafts.tsx"
import { FilterSelect } from "../../components/filter-select.tsx"
import { ListDayRangeFilter } from "../../components/day-range-filter.tsx"
import { dayRangeBounds } from "../../../machines/day-range.ts"
import { NAME_WAYS, sortHead, type SortWays } from "../../components/sort-header.tsx"
import { selectColumnOf } from "../../components/select-box.tsx"
import { bulkBlogsMachine } from "../../../machines/blogs/bulk-blogs.machine.ts"
import { BulkBlogsBar } from "./bulk-blogs-bar.tsx"

/** The Status filter, kept in the URL (`?status=active`). */
const BLOG_FILTERS = { keys: ["status", "from", "to"] } as const
const STATUS_CHOICES = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
]
const CREATED_WAYS: SortWays = { by: "date created", ascending: "oldest first", descending: "newest first" }

/** Blogs: S.No, Blog Name (link, cut at 15), URL (slug, cut at 15), created date, delete and status toggle; sorted by name or date, filtered by status. */
export default function BlogsPage() {
  const list = useListActor(blogListMachine, BLOG_FILTERS)
  const [actionsLogic] = useState(() =>
    blogActionsMachine.provide({ actions: { listChanged: () => list.send({ type: "list.reload" }), notify: (_, { text, tone }) => notify(text, tone) } }),
  )
  const actions = useActorRef(actionsLogic)
  const ctx = useSelector(list, (s) => s.context)
  const loading = useSelector(list, (s) => s.hasTag("busy"))
  const { pager, columnChoice } = usePagedList(list)
  const statuses = useSelector(actions, (s) => s.context.statuses)
  const busyId = useSelector(actions, (s) => s.context.busyId)
  const canToggle = useSelector(actions, (s) => s.can({ type: "status.toggle", id: "", status: true }))
  const confirming = useSelector(actions, (s) => s.hasTag("confirming"))
  const deleting = useSelector(actions, (s) => s.hasTag("busy"))
  // Many blogs at once (issue 26): after each run the list is read again, and its rows carry the statuses.
  const [bulkLogic] = useState(() =>
    bulkBlogsMachine.provide({
      actions: {
        listChanged: () => {
          actions.send({ type: "statuses.forget" })
          list.send({ type: "list.reload" })
        },
      },
    }),
  )
  const bulk = useActorRef(bulkLogic)
  const chosen = useSelector(bulk, (s) => s.context.selected.map((b) => b._id))
  const bulkBusy = useSelector(bulk, (s) => s.hasTag("busy"))

  // A blog toggled since the list was read shows, and is chosen, with the status it has now.
  const rows = ctx.rows.map((blog) => (blog._id in statuses ? { ...blog, status: statuses[blog._id]! } : blog))
  const columns = blogColumns({
    firstNumber: (ctx.page - 1) * ctx.pageSize + 1,
    isToggleDisabled: (blog) => busyId === blog._id || !canToggle,
    onToggle: (blog, status) => actions.send({ type: "status.toggle", id: blog._id, status }),
    onDelete: (blog) => actions.send({ type: "delete.request", id: blog._id }),
    sort: ctx.sort,
    onSort: (sort) => list.send({ type: "sort.change", sort }),
  })
  const selectColumn = selectColumnOf({
    rows,
    chosen,
    busy: bulkBusy,
    rowId: (blog) => blog._id,
    rowLabel: (blog) => `Select ${blog.blogName}`,
    pageLabel: "Select all blogs on this page",
    send: (event) => bulk.send(event),
  })

  return (
    <Stack gap="5">
      <ListHeader
        title={blogList.title}
        exportButton={<ExportButtons list="blogs" search="" sort={ctx.sort} filters={{ ...ctx.applied, ...dayRangeBounds(ctx.applied) }} />}
        action={
          <>
            <MediaLibraryLink />
            <Button asChild colorPalette="teal">
              <RouterLink href="/add-blog">+ Add Blog</RouterLink>
            </Button>
          </>
        }
      />
      <BlogDrafts />
      <HStack gap="4" align="end" wrap="wrap">
        <Box w={{ base: "full", md: "56" }}>
          <FilterSelect
            label="Status"
            all="All blogs"
            value={ctx.applied.status ?? ""}
            choices={STATUS_CHOICES}
            onChange={(status) => list.send({ type: "filter.set", field: "status", value: status })}
          />
        </Box>
        <ListDayRangeFilter list={list} label="Created" />
      </HStack>
      <BulkBlogsBar actor={bulk} />
      <DataTable
        columnChoice={columnChoice}
        columns={[selectColumn, ...columns]}
        rows={rows}
        rowKey={(b) => b._id}
        loading={loading}
        error={ctx.error}
        emptyText={blogListScreen.empty}
      />
      {ctx.total > 0 ? <Pager {...pager} /> : null}
      <ConfirmDialog
        open={confirming}
        question="Are you sure you want to delete this blog?"
        busy={deleting}
        onConfirm={() => actions.send({ type: "delete.confirm" })}
        onCancel={() => actions.send({ type: "delete.cancel" })}
      />
    </Stack>
  )
}

interface BlogRowActions {
  firstNumber: number
  isToggleDisabled: (blog: Blog) => boolean
  onToggle: (blog: Blog, status: boolean) => void
  onDelete: (blog: Blog) => void
  sort: string
  onSort: (sort: string) => void
}

/** How the table draws the definition's columns: the name links to the blog, both texts cut at 15, the day alone. */
const tableCells: ColumnCells<Blog, BlogListColumn["key"]> = {
  blogName: (b) => (
    <Link asChild colorPalette="teal" title={b.blogName}>
      <RouterLink href={`/blog/${b._id}`}>{truncate(b.blogName)}</RouterLink>
    </Link>
  ),
  slug: (b) => <span title={b.slug}>{truncate(b.slug)}</span>,
  createdAt: (b) => formatDate(b.createdAt),
}

/** S.No, the list's defined columns (the CSV export's too; Blog Name and Created sort the list), then the status switch and Delete. */
function blogColumns(a: BlogRowActions): Column<Blog>[] {
  const { sort, onSort } = a
  return [
    { header: "S.No", cell: (_b, i) => a.firstNumber + i },
    ...definedColumns(blogListColumns, tableCells, {
      blogName: sortHead({ label: "Blog Name", key: "blogName", sort, onSort, first: "ascending", ways: NAME_WAYS }),
      createdAt: sortHead({ label: "Created", key: "createdAt", sort, onSort, first: "descending", implied: "descending", ways: CREATED_WAYS }),
    }),
    {
      header: "Actions",
      cell: (b) => (
        <HStack gap="4">
          {/* Read-only while the change is saved, not disabled: a disabled switch would drop keyboard focus. */}
          <Switch.Root
            size="sm"
            colorPalette="teal"
            checked={b.status}
            readOnly={a.isToggleDisabled(b)}
            aria-busy={a.isToggleDisabled(b)}
            onCheckedChange={() => a.onToggle(b, !b.status)}
          >
            {/* Named by the blog: the switch's own aria-labelledby (its 'Active' text) would hide the name. */}
            <Switch.HiddenInput aria-label={`Status of ${b.blogName}`} aria-labelledby="" />
            <Switch.Control />
            <Switch.Label minW="16">{b.status ? "Active" : "Inactive"}</Switch.Label>
          </Switch.Root>
          <Button
            aria-haspopup="dialog"
            data-dialog="delete"
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Delete ${b.blogName}`}
            onClick={() => a.onDelete(b)}
          >
            Delete
          </Button>
        </HStack>
      ),
    },
  ]
}
