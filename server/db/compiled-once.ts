import { type Compilable, sql as sqlTag } from "kysely"
import type { Db } from "./database.ts"

/** Stands for value `i` while a query is built once: a string no caller sends, recognised among the parameters. */
const MARKER = "\u0000compiled-once:"
const marker = (i: number) => `${MARKER}${i}`

/** Where each bound parameter of a compiled shape comes from: a value given at each call, or a constant the builder bound. */
type Slot = { value: number } | { constant: unknown }

interface Compiled {
  /** The SQL's text around its placeholders ($1, $2, … in order): a raw query of these and the parameters is the same SQL. */
  fragments: TemplateStringsArray
  slots: Slot[]
}

/** Shapes kept per query: a query has a handful (its orders, the number of its roles); the bound keeps a mistake from growing memory. */
const MAX_SHAPES = 64

/**
 * A hot query whose SQL depends only on its shape (an order, how many roles), built and compiled by kysely once
 * per shape and then sent as that SQL with each call's values. The builder and the compiler took about 70 µs of
 * every afresh list page, an eighth of the server's time for it (`npm run bench:profile`), to make the same SQL
 * each time. This is the performance seam for such queries: the repositories say what they ask as before, in
 * kysely, and only the ones measured hot go through here.
 *
 * `build` gets a marker in place of each value and must bind each one as a parameter (a `where`, an `in` list's
 * items, a `limit`) without looking at it; a value that does not reach the parameters, or reaches the SQL's text,
 * is refused at the first call of its shape. Constants the builder binds itself stay as compiled.
 */
export function compiledOnce<Shape, Values extends readonly unknown[], Row>(
  keyOf: (shape: Shape) => string,
  build: (db: Db, shape: Shape, values: Values) => Compilable<Row>,
): (db: Db, shape: Shape, values: Values) => Promise<Row[]> {
  const shapes = new Map<string, Compiled>()
  const compile = (db: Db, shape: Shape, count: number): Compiled => {
    const markers = Array.from({ length: count }, (_, i) => marker(i)) as unknown as Values
    // Without plugins: the markers' query is never sent, and nothing that watches queries should see it.
    const { sql, parameters } = build(db.withoutPlugins(), shape, markers).compile()
    if (sql.includes(MARKER)) throw new Error("compiledOnce: a value reached the SQL's text; bind it as a parameter")
    const slots = parameters.map((parameter): Slot => {
      if (typeof parameter === "string" && parameter.startsWith(MARKER)) return { value: Number(parameter.slice(MARKER.length)) }
      return { constant: parameter }
    })
    const bound = new Set(slots.flatMap((slot) => ("value" in slot ? [slot.value] : [])))
    if (bound.size !== count) throw new Error(`compiledOnce: ${count - bound.size} of ${count} values are not bound as parameters`)
    const placeholders = [...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))
    if (placeholders.length !== parameters.length || placeholders.some((n, i) => n !== i + 1))
      throw new Error("compiledOnce: the SQL's placeholders are not $1…$n in order, once each")
    const fragments = sql.split(/\$\d+/)
    return { fragments: Object.assign(fragments, { raw: [...fragments] }), slots }
  }
  return async (db, shape, values) => {
    const key = `${keyOf(shape)}/${values.length}`
    let compiled = shapes.get(key)
    if (!compiled) {
      compiled = compile(db, shape, values.length)
      if (shapes.size < MAX_SHAPES) shapes.set(key, compiled)
    }
    const parameters = compiled.slots.map((slot) => ("value" in slot ? values[slot.value] : slot.constant))
    // A raw query of the fragments: compiling it only joins them, and it is sent as any query is (plugins, logs).
    return (await sqlTag<Row>(compiled.fragments, ...parameters).execute(db)).rows
  }
}
