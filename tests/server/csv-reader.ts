/** A strict RFC 4180 reader, so the test checks what a spreadsheet would see, not the raw text. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ""
  let quoted = false
  const endCell = () => {
    row.push(cell)
    cell = ""
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (quoted && c === '"') quoted = false
    else if (quoted) cell += c
    else if (c === '"') quoted = true
    else if (c === ",") endCell()
    else if (c === "\r" && text[i + 1] === "\n") {
      endCell()
      rows.push(row)
      row = []
      i++
    } else cell += c
  }
  if (cell || row.length) {
    endCell()
    rows.push(row)
  }
  return rows
}
