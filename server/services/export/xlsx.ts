import type { ExportCell } from "./csv.ts"
import { zipStream } from "./zip-stream.ts"

export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

/** Characters XML 1.0 cannot hold at all (control characters but tab, line feed and carriage return, lone surrogates). */
// oxlint-disable-next-line no-control-regex -- the control characters are what it removes
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu

const escapeXml = (text: string) =>
  text.replace(NOT_XML, "").replace(/[&<>"]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&quot;"))

/** The column letters of a 0-based index: A … Z, AA … */
function columnName(index: number): string {
  let name = ""
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** Excel's cell limit: longer text is cut there rather than making a file Excel refuses to open. */
const MAX_CELL_TEXT = 32_767

/**
 * One cell. Text is an inline string, never a formula, so nothing a person typed runs in a spreadsheet (the CSV
 * needs its ' prefix for that, this does not). Finite numbers are numbers; booleans are the words the CSV shows.
 */
function cellXml(value: ExportCell, ref: string, style: number): string {
  const s = style ? ` s="${style}"` : ""
  if (value === null || value === undefined || value === "") return ""
  if (typeof value === "number" && Number.isFinite(value)) return `<c r="${ref}"${s}><v>${value}</v></c>`
  const text = escapeXml(String(value).slice(0, MAX_CELL_TEXT))
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`
}

function rowXml(cells: readonly ExportCell[], row: number, style = 0): string {
  return `<row r="${row}">${cells.map((value, i) => cellXml(value, `${columnName(i)}${row}`, style)).join("")}</row>`
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
const PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"

/** A sheet name as Excel allows it: at most 31 characters, none of []:*?/\ */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Sheet1"

/**
 * A workbook of one sheet (Office Open XML, ECMA-376): the header row in bold and frozen above the rows, the
 * rows streamed into the zip as they come, so an export of 100,000 rows never sits whole in memory.
 */
export function xlsxWorkbook(name: string, header: readonly string[], rows: AsyncIterable<readonly ExportCell[]>, at = new Date()): AsyncGenerator<Buffer> {
  const lastColumn = columnName(Math.max(0, header.length - 1))
  async function* sheet(): AsyncGenerator<string> {
    yield (
      `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELS}">` +
      `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
      `<sheetFormatPr defaultRowHeight="15"/><sheetData>${rowXml(header, 1, 1)}`
    )
    let row = 1
    let batch = ""
    for await (const cells of rows) {
      batch += rowXml(cells, ++row)
      // Pieces of about 64 KB: few enough writes, small enough to stream.
      if (batch.length > 65_536) {
        yield batch
        batch = ""
      }
    }
    yield `${batch}</sheetData><autoFilter ref="A1:${lastColumn}${row}"/></worksheet>`
  }
  const title = escapeXml(sheetName(name))
  return zipStream(
    [
      {
        name: "[Content_Types].xml",
        data:
          `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
          `</Types>`,
      },
      {
        name: "_rels/.rels",
        data: `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      },
      {
        name: "xl/workbook.xml",
        data: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="${title}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        data:
          `${XML}<Relationships xmlns="${PACKAGE_RELS}">` +
          `<Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
      },
      {
        // Style 1 is the header's bold font; style 0 the default.
        name: "xl/styles.xml",
        data:
          `${XML}<styleSheet xmlns="${MAIN}">` +
          `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
          `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
          `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
          `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
          `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>` +
          `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
      },
      { name: "xl/worksheets/sheet1.xml", data: sheet() },
    ],
    at,
  )
}
