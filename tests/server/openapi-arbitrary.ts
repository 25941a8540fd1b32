import fc from "fast-check"

/**
 * fast-check arbitraries for the values a JSON Schema of the served API document allows (the subset the
 * document uses: $ref, enum, const, allOf, anyOf, oneOf, objects, arrays, strings with patterns and lengths,
 * integers and numbers with bounds, booleans, null), so a fuzz can draw valid requests from the document
 * alone, the way a generated client would build them.
 */
export type JsonSchema = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  allOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
}

export type Components = Record<string, JsonSchema>

const NUL = "\u0000"

export function resolve(schema: JsonSchema, components: Components): JsonSchema {
  let s = schema
  while (s.$ref) s = components[s.$ref.replace("#/components/schemas/", "")] ?? {}
  return s
}

/** `allOf` folded into one schema: the patterns of every part kept (each string must match them all). */
function merged(schema: JsonSchema, components: Components): JsonSchema & { patterns: string[] } {
  const s = resolve(schema, components)
  const parts = [s, ...(s.allOf ?? []).map((p) => resolve(p, components))]
  const out: JsonSchema & { patterns: string[] } = { patterns: [] }
  for (const part of parts) {
    const { allOf: _allOf, pattern, ...rest } = part
    Object.assign(out, rest)
    if (pattern) out.patterns.push(pattern)
  }
  return out
}

/** Values that meet the usual rules fast-check cannot draw from (a password's lookaheads: a capital, a digit, a sign). */
const FALLBACKS = ["Abcdef1!", "Zz9@Zz9@Zz9@", "Passw0rd!Strong", "2030-01-15", "10:30", "a@example.com"]

function matching(pattern: string, max: number): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern), { maxLength: Math.min(max, 60) })
  } catch {
    const fits = FALLBACKS.filter((v) => new RegExp(pattern).test(v))
    return fits.length ? fc.constantFrom(...fits) : fc.constant(FALLBACKS[0]!)
  }
}

function stringArbitrary(s: JsonSchema & { patterns: string[] }): fc.Arbitrary<string> {
  const min = s.minLength ?? 0
  const max = s.maxLength ?? 40
  // Drawn from the most telling pattern (an anchored one: a phone number, a PIN code), the rest checked:
  // drawn from a loose one (any non-space), a value would almost never meet an anchored one.
  const [first, ...others] = [...s.patterns].sort((a, b) => Number(b.startsWith("^")) - Number(a.startsWith("^")))
  const base = first ? matching(first, max) : fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(max, 40) })
  const fits = (v: string) => {
    const length = [...v].length
    return length >= min && length <= max && !v.includes(NUL) && v.trim() === v && others.every((p) => new RegExp(p).test(v))
  }
  // Kept when it fits; otherwise a fallback that does (never a filter that could wait for ever on a rule it cannot meet).
  const fallback = FALLBACKS.find(fits) ?? "x".repeat(Math.max(min, 1))
  return base.map((v) => (fits(v) ? v : fallback))
}

export function valueOf(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const s = merged(schema, components)
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const choices = s.anyOf ?? s.oneOf
  if (choices) return fc.oneof(...choices.map((c) => valueOf(c, components, depth)))
  const type = Array.isArray(s.type) ? s.type[0] : s.type
  switch (type) {
    case "null":
      return fc.constant(null)
    case "boolean":
      return fc.boolean()
    case "integer":
      return fc.integer({ min: Math.ceil(s.minimum ?? s.exclusiveMinimum ?? -1000), max: Math.floor(s.maximum ?? s.exclusiveMaximum ?? 1000) })
    case "number":
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true, noDefaultInfinity: true })
    case "string":
      return stringArbitrary(s)
    case "array":
      return fc.array(valueOf(s.items ?? {}, components, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) })
    case "object":
      return objectOf(s, components, depth)
    default:
      return fc.constant("value")
  }
}

/** An object with every required property and, at random, some of the others. */
export function objectOf(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const s = merged(schema, components)
  const properties = depth > 4 ? {} : (s.properties ?? {})
  const required = new Set(s.required ?? [])
  const record = Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, valueOf(p, components, depth + 1)]))
  return fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) }) as fc.Arbitrary<Record<string, unknown>>
}
