import { useMemo } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import type { ExportList } from "../../api/contract/list-export.ts"
import { listExportMachine } from "../../machines/list-export.machine.ts"
import type { ListFilters } from "../../machines/paged-list.machine.ts"
import { authActor, selectUser } from "../app/auth-actor.ts"
import { BusyButton } from "./busy-button.tsx"
import { notify } from "./toaster.tsx"

function saveCsv(csv: string, list: ExportList) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }))
  const link = Object.assign(document.createElement("a"), { href: url, download: `${list}-${new Date().toISOString().slice(0, 10)}.csv` })
  link.click()
  URL.revokeObjectURL(url)
}

/** The Admin's 'Export CSV' of a list screen: the whole list with the search and order it shows now; nothing for other roles. */
export function ExportCsvButton(props: { list: ExportList; search: string; sort?: string; filters?: ListFilters }) {
  const isAdmin = useSelector(authActor, (s) => selectUser(s)?.role === "Admin")
  return isAdmin ? <AdminExportButton {...props} /> : null
}

function AdminExportButton({ list, search, sort = "", filters = {} }: { list: ExportList; search: string; sort?: string; filters?: ListFilters }) {
  const machine = useMemo(
    () => listExportMachine.provide({ actions: { download: (_, p) => saveCsv(p.csv, p.list), notify: (_, p) => notify(p.text, p.tone) } }),
    [],
  )
  const actor = useActorRef(machine, { input: { list } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <BusyButton size="sm" variant="outline" busy={busy} onClick={() => actor.send({ type: "export.csv", search, sort, filters })}>
      Export CSV
    </BusyButton>
  )
}
