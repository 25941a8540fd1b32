import type { Db } from "../database.ts"
import type { Paging } from "../paging.ts"

/**
 * What the content services need from a table of image cards (experts, testimonials, press):
 * each repository implements it for its own table, so the commands (one image, one transaction,
 * one event) are written once.
 */
export interface CardRepository<Row, Item, Fields> {
  toItem(row: Row): Item
  /** The stored upload name of the row's image. */
  imageOf(row: Row): string
  lock(db: Db, id: string): Promise<Row | undefined>
  insert(db: Db, values: { id: string; fields: Fields; image: string; at: Date }): Promise<Row>
  update(db: Db, values: { id: string; fields: Partial<Fields>; image: string | null; at: Date }): Promise<Row>
  remove(db: Db, id: string): Promise<unknown>
  list(db: Db, paging: Paging): Promise<{ rows: Item[]; total: number }>
}
