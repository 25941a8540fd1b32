import type { ListColumn } from "../../../src/api/contract/list-column.ts"
import type { ExportFilters, ListSort } from "../../../src/api/contract/list-export.ts"
import type { AppDeps } from "../../deps.ts"
import type { Caller } from "../auth/tokens.ts"

export type Cell = string | number | boolean | null | undefined

/** A list's columns as its resource's definition says them, for the CSV (headers and texts). */
export const csvColumns = <Row>(columns: readonly ListColumn<Row>[]): ListExport["columns"] => columns.map(({ header, text }) => [header, text] as const)

/** Which page of a list to read, in the screen's search, order and filters. */
export interface ExportPageRequest {
  page: number
  limit: number
  search?: string | undefined
  /** The screen's order, one of the list's `sorts`. */
  sort?: ListSort | undefined
  /** The screen's filters, for a list that has them (a review list's Role). */
  filters: ExportFilters
}

/** One page of a list as its screen fetches it: the rows and how many there are in all. */
export type FetchPage = (deps: AppDeps, caller: Caller, request: ExportPageRequest) => Promise<{ rows: readonly object[]; total: number }>

/** How one Admin screen exports: its file name, its columns and the query that reads its pages. */
export interface ListExport {
  file: string
  /** The screen's columns (S.No and action buttons left out), each with how a row shows it. */
  columns: ReadonlyArray<readonly [string, (row: never) => Cell]>
  /** The orders the screen can be in (none: it has one order); another asked for is the list's own order. */
  sorts?: readonly ListSort[]
  fetchPage: FetchPage
}
