/** One cell of an exported list, as a list's columns give it: the CSV and the Excel writers both take it. */
export type ExportCell = string | number | boolean | null | undefined

/**
 * CSV the way spreadsheets read it: RFC 4180 quoting (quotes doubled, cells with a comma, quote or
 * line break quoted), CRLF line ends, and cells a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) prefixed with ' so they stay text.
 */
export function csvCell(value: ExportCell): string {
  const text = value === null || value === undefined ? "" : String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export const csvLine = (cells: ReadonlyArray<ExportCell>): string => `${cells.map(csvCell).join(",")}\r\n`
