import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { pageCount, type createPagedListMachine } from "../../machines/paged-list.machine.ts"

/** A running paged list (paged-list.machine.ts), whatever its rows. */
export type ListActor<Row> = ActorRefFrom<ReturnType<typeof createPagedListMachine<Row>>>

/** Reads a paged-list actor for a view: rows, loading, error, total, S.No offset, the Columns menu's choice and the Pager's props (page size choice included). */
export function usePagedList<Row>(actor: ListActor<Row>) {
  const context = useSelector(actor, (s) => s.context)
  const list = useSelector(actor, (s) => s.machine.id)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  const canPrevious = useSelector(actor, (s) => s.can({ type: "page.previous" }))
  const canNext = useSelector(actor, (s) => s.can({ type: "page.next" }))
  return {
    rows: context.rows,
    loading,
    error: context.error,
    total: context.total,
    /** Add the row's index (from 0) to get its S.No. */
    firstNumber: (context.page - 1) * context.pageSize + 1,
    reload: () => actor.send({ type: "list.reload" }),
    /** The DataTable's Columns menu (the hidden headers and the toggle) and its Views menu (the list's name). */
    columnChoice: { hidden: context.hidden, onToggle: (column: string) => actor.send({ type: "column.toggle", column }), list },
    pager: {
      page: context.page,
      pageCount: pageCount(context.total, context.pageSize),
      more: context.capped,
      canPrevious,
      canNext,
      onPrevious: () => actor.send({ type: "page.previous" }),
      onNext: () => actor.send({ type: "page.next" }),
      pageSize: context.pageSize,
      pageSizes: context.pageSizes,
      onPageSize: (size: number) => actor.send({ type: "size.change", size }),
    },
  }
}
