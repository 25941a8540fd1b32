import type { ColumnType, Selectable } from "kysely"

type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/** Testimonials; `summery` keeps the product's spelling, `avatar` is a public upload name. */
export interface TestimonialsTable {
  id: string
  name: string
  summery: string
  avatar: string
  created_at: CreatedAt
  updated_at: UpdatedAt
}
export type TestimonialRow = Selectable<TestimonialsTable>
