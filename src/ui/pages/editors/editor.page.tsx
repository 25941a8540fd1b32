import { useState } from "react"
import { Button, HStack, Stack } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { Editor } from "../../../api/contract/editors/editor.ts"
import { editorList } from "../../../api/contract/editors/editor-list.ts"
import { editorListScreen, editorListColumns, type EditorListColumn } from "../../../api/contract/editors/editor-list-screen.ts"
import { editorActionsMachine, editorFields, editorFormMachine, editorImage, editorListMachine } from "../../../machines/editors/editors.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { ContentFormDialog } from "../../components/content/content-form-dialog.tsx"
import { DataTable, definedColumns, type Column, type ColumnCells } from "../../components/data-table.tsx"
import { orNA } from "../../components/format.ts"
import { notify } from "../../components/toaster.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { ExportButtons } from "../../components/export-buttons.tsx"
import { ListHeader } from "../../components/list-header.tsx"
import { EmailText } from "../../components/email-text.tsx"
import { RecordHistoryButton } from "../../components/record-history-button.tsx"
import { NAME_WAYS, sortHead } from "../../components/sort-header.tsx"

/** Editor (Admin only): #, Name, Email, Number, User Role, with Add Editor, edit and delete. */
export default function EditorPage() {
  const list = useListActor(editorListMachine)
  const reload = () => list.send({ type: "list.reload" })
  const [formLogic] = useState(() => editorFormMachine.provide({ actions: { submitted: reload } }))
  const [actionsLogic] = useState(() => editorActionsMachine.provide({ actions: { listChanged: reload, notify: (_, { text, tone }) => notify(text, tone) } }))
  const form = useActorRef(formLogic)
  const actions = useActorRef(actionsLogic)
  const rows = useSelector(list, (s) => s.context.rows)
  const sort = useSelector(list, (s) => s.context.sort)
  const loading = useSelector(list, (s) => s.hasTag("busy"))
  const error = useSelector(list, (s) => s.context.error)
  const formMessage = useSelector(form, (s) => (s.matches("closed") ? s.context.message : null))
  const confirming = useSelector(actions, (s) => s.hasTag("confirming"))
  const deleting = useSelector(actions, (s) => s.hasTag("busy"))

  const columns = editorColumns({
    sort,
    onSort: (next) => list.send({ type: "sort.change", sort: next }),
    onEdit: (editor) => form.send({ type: "form.open", item: editor }),
    onDelete: (editor) => actions.send({ type: "delete.request", id: editor._id }),
  })

  return (
    <Stack gap="5">
      <ListHeader
        title={editorList.title}
        message={formMessage}
        exportButton={<ExportButtons list="editor" search="" sort={sort} />}
        action={
          <Button aria-haspopup="dialog" data-dialog="add" colorPalette="teal" onClick={() => form.send({ type: "form.open" })}>
            + Add Editor
          </Button>
        }
      />
      <DataTable columns={columns} rows={rows} rowKey={(r) => r._id} loading={loading} error={error} emptyText={editorListScreen.empty} />
      <ContentFormDialog actor={form} fields={editorFields} image={editorImage} titles={{ add: "Add Editor", update: "Update Editor" }} />
      <ConfirmDialog
        open={confirming}
        question="Are you sure you want to delete this editor?"
        busy={deleting}
        onConfirm={() => actions.send({ type: "delete.confirm" })}
        onCancel={() => actions.send({ type: "delete.cancel" })}
      />
    </Stack>
  )
}

/** How the table draws the definition's columns where plain text is not enough; the others show their text. */
const tableCells: ColumnCells<Editor, EditorListColumn["key"]> = {
  email: (row) => <EmailText email={row.email} />,
  number: (row) => orNA(row.number),
}

/** '#', the Editor list's definition (the CSV export's columns too; Name sorts the list), then the row's actions. */
function editorColumns(a: {
  sort: string
  onSort: (sort: string) => void
  onEdit: (editor: Editor) => void
  onDelete: (editor: Editor) => void
}): Column<Editor>[] {
  const { sort, onSort } = a
  return [
    { header: "#", cell: (_row, i) => i + 1 },
    ...definedColumns(editorListColumns, tableCells, { name: sortHead({ label: "Name", key: "name", sort, onSort, first: "ascending", ways: NAME_WAYS }) }),
    {
      header: "Actions",
      cell: (row) => (
        <HStack gap="2">
          <Button aria-haspopup="dialog" data-dialog="edit" size="xs" variant="outline" aria-label={`Edit ${row.name}`} onClick={() => a.onEdit(row)}>
            Edit
          </Button>
          <Button
            aria-haspopup="dialog"
            data-dialog="delete"
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Delete ${row.name}`}
            onClick={() => a.onDelete(row)}
          >
            Delete
          </Button>
          <RecordHistoryButton entityType="user" entityId={row._id} name={row.name} workflow={{ id: "account" }} size="xs" />
        </HStack>
      ),
    },
  ]
}
