import { personColumns, type ListColumn } from "../list-column.ts"
import type { Editor } from "./editor.ts"

/* The Editor list's screen (its definition's other half, editor-list.ts): texts, CSV file and columns. */

/** The empty and failure texts and the CSV file's name (without its date). */
export const editorListScreen = { empty: "No editors found.", failure: "Failed to fetch editors", file: "editors" } as const

/** A column after '#'. */
export type EditorListColumn = ListColumn<Editor, "name" | "email" | "number" | "role">

export const editorListColumns: readonly EditorListColumn[] = [
  personColumns.name,
  personColumns.email,
  personColumns.number,
  { key: "role", header: "User Role", text: (e) => e.role },
]
