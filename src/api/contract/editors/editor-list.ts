import type { ListColumn } from "../list-column.ts"
import type { Editor } from "./editor.ts"

/**
 * The Editor screen's list, said once (spec section 5): its texts, its CSV file and its columns, which the table
 * and the CSV export both take. Plain data with type-only imports, like the people lists'.
 */
export const editorList = { title: "Editor", empty: "No editors found.", failure: "Failed to fetch editors", file: "editors" } as const

/** A column after '#'. */
export type EditorListColumn = ListColumn<Editor, "name" | "email" | "number" | "role">

export const editorListColumns: readonly EditorListColumn[] = [
  { key: "name", header: "Name", text: (e) => e.name },
  { key: "email", header: "Email", text: (e) => e.email },
  { key: "number", header: "Number", text: (e) => (e.number ? e.number : "N/A") },
  { key: "role", header: "User Role", text: (e) => e.role },
]
