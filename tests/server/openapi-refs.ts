/** A schema the API document names under components.schemas, read where an operation points to it with `$ref`. */
export function resolvedIn<T>(schemas: Record<string, unknown>, schema: T): T {
  const ref = (schema as { $ref?: string }).$ref
  return ref ? (schemas[decodeURIComponent(ref.split("/").pop()!)] as T) : schema
}
