import { Schema } from "effect"

/**
 * Turns a schema failure into one sentence that names the field, e.g.
 * `email: must be a valid email address`. Both the server (400 answers) and
 * the console (malformed answers) show this text.
 */
export function describeSchemaError(error: unknown): string {
  if (!Schema.isSchemaError(error)) return error instanceof Error ? error.message : String(error)
  const lines = error.message
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
  const at = lines.find((l) => l.startsWith("at "))
  const what = lines
    .filter((l) => !l.startsWith("at "))
    .map((l) => (l === "Missing key" ? "is required" : l))
    .join("; ")
  if (!at) return what
  const path = [...at.matchAll(/\["?([^"\]]+)"?\]/g)].map((m) => m[1]).join(".")
  return `${path}: ${what}`
}

export class DecodeError extends Error {
  readonly _tag = "DecodeError"
}

/** Decodes or throws a DecodeError whose message names the offending field. */
export function decodeOrThrow<S extends Schema.Top>(schema: S, value: unknown, where: string): S["Type"] {
  try {
    return Schema.decodeUnknownSync(schema as never)(value) as S["Type"]
  } catch (error) {
    throw new DecodeError(where ? `${where}: ${describeSchemaError(error)}` : describeSchemaError(error))
  }
}
