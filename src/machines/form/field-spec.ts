import { Schema, SchemaAST } from "effect"
import { describeSchemaError } from "../../api/contract/decode.ts"

/** How a field is typed: the field component picks its control and input type from it. */
export type FieldKind = "text" | "email" | "password" | "number" | "date" | "time" | "textarea" | "select" | "richText" | "tel" | "url" | "rating"

/** What a form sends and shows for one field as typed text. */
export type FormValues = Record<string, string>
/** Errors by field name; a message that belongs to no field is the form's `message`, not an error. */
export type FormErrors = Record<string, string>
export type FormMode = "add" | "update"

/**
 * One field of a form: its label (every message about it uses it), its control, and where its
 * rules come from. `schema` is the contract's schema of the value the server takes for this field:
 * its checks are the field's rules and its limits become the control's `maxLength`, `min` and `max`,
 * so the console and the server cannot disagree.
 */
export interface FieldSpec {
  name: string
  label: string
  /** The field's name in sentences when the label carries more ('Duration' for 'Duration (minutes)'). */
  messageLabel?: string
  kind: FieldKind
  /** Defaults to true; an optional field is only checked when something is typed. */
  required?: boolean
  /** The spec's own text for an empty required field, where it has one ('Please select a ticket type.'). */
  requiredText?: string
  schema?: Schema.Top
  /** The value the schema checks, from the typed text (duration: a number). Defaults to the trimmed text. */
  toValue?: (text: string) => unknown
  /** A rule the contract cannot state (a date in the past, a pair that must match): the message, or null. */
  check?: (text: string, values: FormValues, now: number) => string | null
  /** For select: the values offered (the label shows as the option's text unless `optionLabels` says otherwise). */
  options?: readonly string[]
  optionLabels?: Readonly<Record<string, string>>
  /** Passwords are sent as typed; everything else is trimmed first. */
  trim?: boolean
  autoComplete?: string
  placeholder?: string
  /** A line under the control that helps before anything goes wrong. */
  hint?: string
}

/** A file the form sends (an image, an attachment): the browser's File, or anything with a name in tests. */
export type ChosenFile = Blob & { name: string }

export interface FileSpec {
  name: string
  label: string
  /** Required always, never, or only when adding (images are optional on update, spec section 5). */
  required: boolean | "add"
  /** The file input's `accept` attribute. */
  accept: string
  isAccepted: (file: ChosenFile) => boolean
  /** Shown next to the file input when a chosen file is refused; a refused file blocks the submit. */
  refusedText: string
  requiredText?: string
}

export interface FieldLimits {
  maxLength?: number
  min?: number
  max?: number
}

const EMAIL_TEXT = "Please enter a valid email address."

const isTrimmed = (spec: FieldSpec) => spec.trim ?? spec.kind !== "password"

/** The visible text of rich-text HTML, to tell an empty body from a written one. */
export const htmlText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim()

/** The text as it is sent: trimmed unless it is a password; rich text as written. */
export const sentText = (spec: FieldSpec, raw: string | undefined): string => (spec.kind === "richText" || !isTrimmed(spec) ? (raw ?? "") : (raw ?? "").trim())

const isBlank = (spec: FieldSpec, raw: string) => (spec.kind === "richText" ? htmlText(raw) === "" : raw.trim() === "")

/** 'Name' + 'must be at most 10 characters' → 'Name must be at most 10 characters.' */
const sentence = (label: string, text: string) => `${label} ${text.replace(/\.$/, "")}.`

/** The first problem of one field, in its label's words, or null. */
export function fieldError(spec: FieldSpec, values: FormValues, now: number): string | null {
  const raw = values[spec.name] ?? ""
  const name = spec.messageLabel ?? spec.label
  if (isBlank(spec, raw)) return spec.required === false ? null : (spec.requiredText ?? sentence(name, "is required"))
  if (spec.kind === "select" && spec.options && !spec.options.includes(raw.trim())) return `Please choose a ${name}.`
  if (spec.schema) {
    const value = spec.toValue ? spec.toValue(sentText(spec, raw)) : sentText(spec, raw)
    const failure = schemaFailure(spec.schema, value)
    if (failure) return spec.kind === "email" ? EMAIL_TEXT : sentence(name, failure)
  }
  return spec.check?.(sentText(spec, raw), values, now) ?? null
}

function schemaFailure(schema: Schema.Top, value: unknown): string | null {
  try {
    Schema.decodeUnknownSync(schema as never)(value)
    return null
  } catch (error) {
    return describeSchemaError(error).replace(/^[\w.]+:\s*/, "")
  }
}

export interface FileState {
  file: ChosenFile | null
  /** The file chosen last was refused: the form says so and will not submit until it is replaced or removed. */
  refused: boolean
}

export function fileError(spec: FileSpec, state: FileState | undefined, mode: FormMode): string | null {
  if (state?.refused) return spec.refusedText
  const needed = spec.required === true || (spec.required === "add" && mode === "add")
  if (needed && !state?.file) return spec.requiredText ?? sentence(spec.label, "is required")
  return null
}

/** Every problem of the form at once, so the person can fix them all before sending. */
export function validateForm(input: {
  fields: readonly FieldSpec[]
  files: readonly FileSpec[]
  values: FormValues
  fileStates: Record<string, FileState>
  mode: FormMode
  now: number
}): FormErrors {
  const errors: FormErrors = {}
  for (const spec of input.fields) {
    const error = fieldError(spec, input.values, input.now)
    if (error) errors[spec.name] = error
  }
  for (const spec of input.files) {
    const error = fileError(spec, input.fileStates[spec.name], input.mode)
    if (error) errors[spec.name] = error
  }
  return errors
}

export const hasErrors = (errors: FormErrors): boolean => Object.keys(errors).length > 0

/** The first field in the form's order that has an error: it gets the focus. */
export function firstInvalid(order: readonly string[], errors: FormErrors): string | null {
  return order.find((name) => errors[name] !== undefined) ?? null
}

/**
 * A refused submit of these fields: each field's problem, and the first one to focus (`seq` flips on every
 * refusal, so a repeat refocuses). For flows that hold their fields themselves (sign-in, two-factor).
 */
export function refusalOf(fields: readonly FieldSpec[], values: FormValues, focus: { field: string; seq: number } | null) {
  const errors = validateForm({ fields, files: [], values, fileStates: {}, mode: "add", now: Date.now() })
  const field = firstInvalid(
    fields.map((f) => f.name),
    errors,
  )
  return { errors, focus: field ? { field, seq: 1 - (focus?.seq ?? 0) } : focus }
}

/** Whether any required field is still empty (some forms also say so at the top, in the spec's words). */
export const anyRequiredEmpty = (fields: readonly FieldSpec[], values: FormValues): boolean =>
  fields.some((spec) => spec.required !== false && isBlank(spec, values[spec.name] ?? ""))

/** The values as they are sent: trimmed text (passwords and rich text as typed). */
export const sentValues = (fields: readonly FieldSpec[], values: FormValues): FormValues =>
  Object.fromEntries(fields.map((spec) => [spec.name, sentText(spec, values[spec.name])]))

/**
 * The limits the contract's schema puts on a field, for the control's attributes. They are read from
 * the schema's own checks (the same ones the server runs), through optional and nullable wrappers.
 */
export function limitsOf(schema: Schema.Top | undefined): FieldLimits {
  const limits: FieldLimits = {}
  if (!schema) return limits
  const visit = (ast: { _tag?: string; checks?: ReadonlyArray<{ annotations?: Record<string, unknown> }>; types?: ReadonlyArray<unknown> } | undefined) => {
    if (!ast) return
    for (const check of ast.checks ?? []) {
      const constraint = check.annotations?.["arbitraryConstraint"] as Record<string, unknown> | undefined
      if (!constraint) continue
      if (typeof constraint["maxLength"] === "number") limits.maxLength = Math.min(limits.maxLength ?? Infinity, constraint["maxLength"])
      if (typeof constraint["minimum"] === "number") limits.min = constraint["minimum"]
      if (typeof constraint["maximum"] === "number") limits.max = constraint["maximum"]
    }
    if (ast._tag === "Union") for (const member of ast.types ?? []) visit(member as never)
  }
  const ast = (schema as unknown as { ast: SchemaAST.AST }).ast
  visit(ast as never)
  // A trimmed text checks what is sent (src/api/contract/text.ts): its limits sit on the encoded side.
  visit(SchemaAST.toEncoded(ast) as never)
  return limits
}
