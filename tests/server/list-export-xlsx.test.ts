import ExcelJS from "exceljs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { exportLists } from "../../src/api/contract/list-export.ts"
import type { ExportCell } from "../../server/services/export/csv.ts"
import { xlsxWorkbook } from "../../server/services/export/xlsx.ts"
import { parseCsv } from "./csv-reader.ts"
import { bearer, startTestServer, type TestServer } from "./harness.ts"

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.login("admin@demo.test")
})
afterAll(() => server.close())

const get = (url: string, token: string | null = admin) => server.app.inject({ method: "GET", url: `/api/v1${url}`, headers: token ? bearer(token) : {} })

/** A workbook read back as a spreadsheet program reads it (exceljs), as rows of text: the one sheet's cells. */
async function readSheet(bytes: Buffer): Promise<{ name: string; rows: string[][]; bold: boolean; frozen: boolean }> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(bytes as unknown as ArrayBuffer)
  expect(book.worksheets).toHaveLength(1)
  const sheet = book.worksheets[0]!
  const rows: string[][] = []
  const width = sheet.getRow(1).cellCount
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).text))
  })
  const view = sheet.views[0] as { state?: string; ySplit?: number } | undefined
  return { name: sheet.name, rows, bold: Boolean(sheet.getRow(1).getCell(1).font?.bold), frozen: view?.state === "frozen" && view.ySplit === 1 }
}

const collect = async (chunks: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = []
  for await (const chunk of chunks) parts.push(chunk)
  return Buffer.concat(parts)
}

async function* rowsOf(rows: ExportCell[][]) {
  yield* rows
}

describe("xlsxWorkbook", () => {
  it("writes a workbook a spreadsheet program opens: the header bold and frozen, text as text, numbers as numbers", async () => {
    const bytes = await collect(
      xlsxWorkbook(
        "people: [all]",
        ["Name", "Count", "Note"],
        rowsOf([
          ["Asha", 3, "=1+1"],
          ['"quoted" & <tagged>', 0, "two\nlines"],
          ["", null, "x\u0001y"],
        ]),
      ),
    )
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(bytes as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    // Excel forbids : [ ] in a sheet's name.
    expect(sheet.name).toBe("people   all ")
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    expect(sheet.getCell("B2").value).toBe(3)
    // Text that looks like a formula stays text: no formula in the file.
    expect(sheet.getCell("C2").value).toBe("=1+1")
    expect(sheet.getCell("C2").formula).toBeUndefined()
    expect(sheet.getCell("A3").value).toBe('"quoted" & <tagged>')
    expect(sheet.getCell("C3").value).toBe("two\nlines")
    // A control character XML cannot hold is dropped, not a broken file.
    expect(sheet.getCell("C4").value).toBe("xy")
    expect(sheet.getCell("A4").value).toBeNull()
  })

  it("streams a long sheet in pieces, never as one buffer", async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => [`Person ${i}`, i, `person-${i}@example.com`] as ExportCell[])
    let pieces = 0
    const parts: Buffer[] = []
    for await (const chunk of xlsxWorkbook("many", ["Name", "N", "Email"], rowsOf(many))) {
      pieces++
      parts.push(chunk)
    }
    expect(pieces).toBeGreaterThan(10)
    const sheet = await readSheet(Buffer.concat(parts))
    expect(sheet.rows).toHaveLength(20_001)
    expect(sheet.rows.at(-1)).toEqual(["Person 19999", "19999", "person-19999@example.com"])
  })
})

describe("GET /export/:list?format=xlsx", () => {
  it("exports every Admin list as a workbook with the same header and rows as its CSV", async () => {
    for (const list of exportLists) {
      const res = await get(`/export/${list}?format=xlsx`)
      expect(res.statusCode, list).toBe(200)
      expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.xlsx"$/)
      const sheet = await readSheet(res.rawPayload)
      expect(sheet.bold && sheet.frozen, list).toBe(true)
      // The CSV defuses formulas with a leading ' that the workbook needs not: compared without it.
      const csv = parseCsv((await get(`/export/${list}`)).body).map((row) => row.map((cell) => cell.replace(/^'(?=[=+\-@\t\r])/, "")))
      expect(sheet.rows, list).toEqual(csv)
    }
  })

  it("keeps the list's search, order and filter", async () => {
    const query = "search=a&sort=-name&role=Lawyer"
    const csv = parseCsv((await get(`/export/under-review-vendors?${query}`)).body)
    const sheet = await readSheet((await get(`/export/under-review-vendors?${query}&format=xlsx`)).rawPayload)
    expect(sheet.rows).toEqual(csv)
    expect(sheet.rows.length).toBeGreaterThan(1)
    expect(sheet.rows.slice(1).every((row) => row.includes("Lawyer"))).toBe(true)
  })

  it("keeps hostile text as text: no formula, no broken file", async () => {
    const hostile = {
      name: '=HYPERLINK("http://evil","x")',
      email: "xlsx@example.com",
      number: "+91 98765 43210",
      city: 'Pune, "West" & <Co>',
      state: "-2+3",
      message: "line one\nline two",
    }
    expect((await server.app.inject({ method: "POST", url: "/api/v1/contact/create", payload: hostile })).statusCode).toBe(200)
    const res = await get("/export/enquiries?search=xlsx%40example.com&format=xlsx")
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    expect([1, 2, 3, 4, 5].map((c) => sheet.getRow(2).getCell(c).value)).toEqual([hostile.name, hostile.email, hostile.number, hostile.city, hostile.state])
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()))
  })

  it("refuses a format it does not write, and is the Admin's only", async () => {
    const refused = await get("/export/user?format=pdf")
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/^format: /)
    expect((await get("/export/user?format=xlsx", null)).statusCode).toBe(401)
    expect((await get("/export/user?format=xlsx", await server.login("editor@demo.test"))).statusCode).toBe(403)
  })
})
