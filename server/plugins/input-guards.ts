import { DecodeError } from "../../src/api/contract/decode.ts"

/**
 * Checks that run on raw input before the contract's schemas, for what no schema says but the
 * database or the answer would trip over: both throw a DecodeError (400) naming the field.
 */

/** PostgreSQL text cannot hold NUL, so a NUL anywhere would otherwise fail in the query as a 500. */
export function refuseNul(value: unknown, part: "params" | "query" | "body", path = ""): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw new DecodeError(`${path || part}: must not contain NUL characters`)
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (!cleanLeaf(item)) refuseNul(item, part, path ? `${path}.${i}` : `${part}.${i}`)
    })
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (cleanLeaf(item)) continue
      // An odd field name (empty, spaces, dots) is quoted so the message still points at it.
      const name = /^[\w$]+$/.test(key) ? key : JSON.stringify(key)
      refuseNul(item, part, path ? `${path}.${name}` : name)
    }
  }
}

/** A value with nothing inside to refuse: nearly every field of every request, whose path need not be built. */
const cleanLeaf = (item: unknown): boolean => item === null || (typeof item === "string" ? !item.includes("\u0000") : typeof item !== "object")

/** A JSON body that is not an object (a string, a number, an array, null) has no fields to name. */
export function requireObjectBody(value: unknown): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new DecodeError("body: must be a JSON object")
}
