/** A missing value as a list's text and CSV cell write it. */
export const orNA = (value: string | null | undefined): string => (value ? value : "N/A")

type Person = { name: string; email: string; number: string | null }

/** Name, Email and Number (N/A when none): how the lists of people (people, editors, clients, sessions) start. */
export const personColumns = {
  name: { key: "name", header: "Name", text: (row: Person) => row.name },
  email: { key: "email", header: "Email", text: (row: Person) => row.email },
  number: { key: "number", header: "Number", text: (row: Person) => orNA(row.number) },
} as const

/** When a person was added: the CSV writes the instant as stored, a table draws it on the viewer's clock. */
export const addedColumn = { key: "createdAt", header: "Date | Time", text: (row: { createdAt: string }) => row.createdAt } as const

/**
 * A list screen's column, said once in its resource's definition: its header and its cell as text, which the
 * CSV export writes and a table shows unless the screen draws that cell its own way (a link, a badge, a menu).
 */
export interface ListColumn<Row, Key extends string = string> {
  key: Key
  header: string
  text: (row: Row) => string
  /** On the Admin's screen alone; the CSV, which only an Admin exports, has every column. */
  adminOnly?: true
  /** In the CSV alone: the screen shows it inside another column's cell (a session's state in its Status badge). */
  exportOnly?: true
}
