import { useMemo } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import type { ExportFormat, ExportList } from "../../api/contract/list-export.ts"
import { listExportMachine } from "../../machines/list-export.machine.ts"
import type { ListFilters } from "../../machines/paged-list.machine.ts"
import { authActor, selectUser } from "../app/auth-actor.ts"
import { BusyButton } from "./busy-button.tsx"
import { notify } from "./toaster.tsx"

function saveFile(file: Blob, list: ExportList, format: ExportFormat) {
  const url = URL.createObjectURL(file)
  const link = Object.assign(document.createElement("a"), { href: url, download: `${list}-${new Date().toISOString().slice(0, 10)}.${format}` })
  link.click()
  URL.revokeObjectURL(url)
}

/**
 * The Admin's 'Export CSV' and 'Export Excel' of a list screen: the whole list with the search, order and
 * filters it shows now, as CSV or as an Excel workbook; nothing for other roles.
 */
export function ExportButtons(props: { list: ExportList; search: string; sort?: string; filters?: ListFilters }) {
  const isAdmin = useSelector(authActor, (s) => selectUser(s)?.role === "Admin")
  return isAdmin ? <AdminExportButtons {...props} /> : null
}

function AdminExportButtons({ list, search, sort = "", filters = {} }: { list: ExportList; search: string; sort?: string; filters?: ListFilters }) {
  const machine = useMemo(
    () => listExportMachine.provide({ actions: { download: (_, p) => saveFile(p.file, p.list, p.format), notify: (_, p) => notify(p.text, p.tone) } }),
    [],
  )
  const actor = useActorRef(machine, { input: { list } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const format = useSelector(actor, (s) => s.context.format)
  return (
    // Both sit among the list's tools themselves, so the toolbar spaces and wraps them like its other buttons.
    <>
      <BusyButton
        size="sm"
        variant="outline"
        busy={busy && format === "csv"}
        aria-disabled={busy || undefined}
        onClick={() => actor.send({ type: "export.csv", search, sort, filters })}
      >
        Export CSV
      </BusyButton>
      <BusyButton
        size="sm"
        variant="outline"
        busy={busy && format === "xlsx"}
        aria-disabled={busy || undefined}
        onClick={() => actor.send({ type: "export.xlsx", search, sort, filters })}
      >
        Export Excel
      </BusyButton>
    </>
  )
}
