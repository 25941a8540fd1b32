import { Schema, SchemaAST, SchemaTransformation } from "effect"

/**
 * The rules of a text field that is trimmed before it is kept, in the words the server answers with.
 * Every rule is checked on the text as sent, so the API document (generated from the same schema)
 * states exactly what the server takes: a generated client's request is valid for both or for neither.
 */
export interface TextRules {
  /** 'is required' unless it holds a character other than a space. */
  readonly required?: boolean
  /** Characters from the first to the last that is not a space. */
  readonly min?: number
  /** Characters as sent, spaces around included. */
  readonly max?: number
  /** What the trimmed text must match: a pattern written whole (`^…$`), and the message when it does not. */
  readonly pattern?: { readonly re: RegExp; readonly message: string }
}

/** A text trimmed of the spaces around it; its rules (TextRules) are checked on what was sent. */
export function trimmedText(rules: TextRules) {
  const checks = [
    ...(rules.required ? [Schema.isPattern(/\S/u, { message: "is required" })] : []),
    ...(rules.min !== undefined && rules.min > 1
      ? [Schema.isPattern(atLeastCharacters(rules.min), { message: `must be at least ${rules.min} characters` })]
      : []),
    ...(rules.max !== undefined ? [Schema.isMaxLength(rules.max, { message: `must be at most ${rules.max} characters` })] : []),
    ...(rules.pattern ? [Schema.isPattern(spacesAround(rules.pattern.re), { message: rules.pattern.message })] : []),
  ]
  return Schema.String.check(...(checks as unknown as [SchemaAST.Check<string>])).pipe(Schema.decodeTo(Schema.Trimmed, SchemaTransformation.trim()))
}

/** A first and a last non-space character at least `min` apart: the trimmed text has `min` characters. */
const atLeastCharacters = (min: number): RegExp => new RegExp(`\\S[\\s\\S]{${min - 2},}\\S`, "u")

/** `^core$` on the trimmed text is `^\s*(?:core)\s*$` on the text as sent (the core starts and ends with no space). */
function spacesAround(re: RegExp): RegExp {
  if (!re.source.startsWith("^") || !re.source.endsWith("$")) throw new Error(`trimmedText: the pattern ${re} must be written whole, ^…$`)
  // JSON Schema patterns carry no flags: one with flags (say, i) would drop out of the document.
  if (re.flags.replace("u", "")) throw new Error(`trimmedText: the pattern ${re} must have no flags but u`)
  return new RegExp(`^\\s*(?:${re.source.slice(1, -1)})\\s*$`, "u")
}
