import { assign, setup } from "xstate"
import { fromCall, type ActorCall } from "../call-actor.ts"
import { messageOf } from "../../api/api-error.ts"
import type { Message } from "../account/login.machine.ts"
import {
  anyRequiredEmpty,
  firstInvalid,
  hasErrors,
  sentValues,
  validateForm,
  type ChosenFile,
  type FieldSpec,
  type FileSpec,
  type FileState,
  type FormErrors,
  type FormMode,
  type FormValues,
} from "./field-spec.ts"
import { serverFieldError } from "./server-errors.ts"

export interface FormContext<Extra> {
  mode: FormMode
  /** The record being edited (update mode). */
  itemId: string | null
  values: FormValues
  files: Record<string, FileState>
  /** The stored image of the record being edited, shown until another file is chosen. */
  preview: string | null
  errors: FormErrors
  /** What belongs to no single field: the spec's top messages, success, a failure. */
  message: Message | null
  /** A second line under the message (the server's reason, what happened to other devices). */
  detail: string | null
  /** Password fields shown as text. */
  visible: Record<string, boolean>
  /** What the form is about besides its fields (the ticket, the client and counsellor of a session). */
  extra: Extra
  /**
   * The field to focus: the first invalid one after a refused submit. `seq` flips on every refusal so a
   * repeat refocuses it; a flip rather than a count keeps the machine's state space finite for path tests.
   */
  focus: { field: string; seq: number } | null
  /** The clock rules like "not in the past" read; tests give their own through the input. */
  clock?: () => number
}

export type FormEvent<Item, Extra> =
  | { type: "form.open"; item?: Item; extra?: Extra }
  | { type: "form.load"; itemId: string | null }
  | { type: "form.close" }
  | { type: "form.reset" }
  | { type: "field.change"; field: string; value: string }
  | { type: "file.change"; field?: string; file: ChosenFile | null }
  | { type: "visibility.toggle"; field: string }
  | { type: "form.submit" }

export interface SubmitInput<Extra> {
  mode: FormMode
  itemId: string | null
  /** Trimmed text (passwords and rich text as typed). */
  values: FormValues
  files: Record<string, ChosenFile | null>
  extra: Extra
}

export interface Outcome {
  message: Message | null
  detail?: string | null
}

export interface FormDefinition<Output, Item, Extra> {
  id: string
  fields: readonly FieldSpec[]
  files?: readonly FileSpec[]
  /** A modal opens with `form.open` and closes with `form.close`; otherwise the form is always there. */
  modal?: boolean
  initialValues?: FormValues
  initialExtra: Extra
  /** The values of a record opened for update. */
  fromItem?: (item: Item) => { itemId: string; values: FormValues; preview?: string | null; extra?: Extra }
  /**
   * A page form that edits a stored record fetches it first (input `{ itemId }`, or `form.load` when the
   * route's record changes); null or a failure shows `failure` instead of the form.
   */
  /** Update forms that read their item first: how, the failure text, and the contract call it makes. */
  load?: { fetch: (itemId: string) => Promise<Item | null>; failure: string; call?: ActorCall }
  /** Why a record cannot be opened (a past session), or null; the form stays closed and `openRefused` says why. */
  refuseOpen?: (item: Item, now: number) => string | null
  /** Keep what was typed in an add form closed without saving, for the next open. */
  keepUnsaved?: boolean
  /** The spec's own top message when a required field is empty ('All fields are required.'), besides each field's. */
  missingMessage?: string
  /** The submit button stays disabled until the form is valid, so an invalid form is never reported. */
  disableInvalidSubmit?: boolean
  submit: (input: SubmitInput<Extra>) => Promise<Output>
  /** The contract call submit makes (or, for a form that adds and updates, the two), named on the form's diagram. */
  call?: ActorCall
  succeeded: (output: Output, mode: FormMode) => Outcome
  /** The top message of a failure; `onField` tells whether the server's reason was put next to a field. */
  failed?: (error: unknown, onField: boolean, mode: FormMode) => Outcome
  /** Empty the fields as soon as the submit succeeds (passwords, a created session), not only when the form closes. */
  clearOnSuccess?: boolean
  /** After a success: how long the message shows, then close, reset, end, or stay. */
  after: { ms: number | ((mode: FormMode) => number); then: "close" | "reset" | "final" | "stay"; announceMs?: number }
  now?: () => number
}

const FALLBACK = "Something went wrong."

/**
 * The one form machine: every form of the console is made with it. Fields are checked with the
 * contract's schemas before any call, errors sit next to their field in its label's words, editing a
 * field clears its error, the first invalid field gets the focus, a server 400 that names a field is
 * put next to it, and nothing typed is lost when a submit fails.
 */
export function createFormMachine<Output, Item = never, Extra = null>(definition: FormDefinition<Output, Item, Extra>) {
  const files = definition.files ?? []
  const order = [...definition.fields.map((f) => f.name), ...files.map((f) => f.name)]
  const labels = Object.fromEntries([...definition.fields.map((f) => [f.name, f.messageLabel ?? f.label]), ...files.map((f) => [f.name, f.label])])
  const now = definition.now ?? Date.now
  const emptyValues = (): FormValues => ({ ...Object.fromEntries(definition.fields.map((f) => [f.name, ""])), ...definition.initialValues })
  const noFiles = (): Record<string, FileState> => Object.fromEntries(files.map((f) => [f.name, { file: null, refused: false }]))
  const fresh = (extra: Extra, clock?: () => number): FormContext<Extra> => ({
    ...(clock ? { clock } : {}),
    mode: "add",
    itemId: null,
    values: emptyValues(),
    files: noFiles(),
    preview: null,
    errors: {},
    message: null,
    detail: null,
    visible: {},
    extra,
    focus: null,
  })
  const problems = (context: FormContext<Extra>): FormErrors =>
    validateForm({ fields: definition.fields, files, values: context.values, fileStates: context.files, mode: context.mode, now: (context.clock ?? now)() })
  const refocus = (context: FormContext<Extra>, field: string | null) => (field ? { field, seq: 1 - (context.focus?.seq ?? 0) } : context.focus)
  const withoutKey = (errors: FormErrors, key: string): FormErrors => {
    if (!(key in errors)) return errors
    const { [key]: _removed, ...rest } = errors
    return rest
  }
  // Path tests also send a bare `form.open` (no record), so a missing item refuses nothing.
  const refusal = (context: FormContext<Extra>, event: FormEvent<Item, Extra>): string | null =>
    event.type === "form.open" && event.item !== undefined && definition.refuseOpen ? definition.refuseOpen(event.item, (context.clock ?? now)()) : null
  const successMs = (mode: FormMode) => (typeof definition.after.ms === "function" ? definition.after.ms(mode) : definition.after.ms)
  const closedTarget = `#${definition.id}.closed.${definition.after.announceMs ? "announcing" : "idle"}`

  const machine = setup({
    types: { context: {} as FormContext<Extra>, events: {} as FormEvent<Item, Extra> },
    actors: {
      submit: fromCall<Output, SubmitInput<Extra>>(definition.call, ({ input }) => definition.submit(input)),
      load: fromCall<Item | null, { itemId: string }>(definition.load?.call, ({ input }) =>
        definition.load ? definition.load.fetch(input.itemId) : Promise.resolve(null),
      ),
    },
    actions: {
      /** Provided by the view: what a success changes outside the form (reload a list, renew the session). */
      submitted: (_, _params: { output: Output }) => {},
      /** Provided by the view: the success has been shown (close the panel, go to another page). */
      finished: () => {},
      /** Provided by the view: say why the record cannot be opened (a toast). */
      openRefused: (_, _params: { text: string }) => {},
    },
    guards: {
      isValid: ({ context }) => !hasErrors(problems(context)),
      reportsInvalid: () => definition.disableInvalidSubmit !== true,
      openRefused: ({ context, event }) => refusal(context, event) !== null,
      hasItem: ({ context }) => context.itemId !== null,
      isOtherItem: ({ context, event }) => event.type === "form.load" && (event.itemId ?? null) !== context.itemId,
      found: ({ event }) => (event as { output?: unknown }).output != null,
    },
    delays: {
      successShown: ({ context }) => successMs(context.mode),
      messageRemaining: ({ context }) => Math.max(0, (definition.after.announceMs ?? 0) - successMs(context.mode)),
    },
  })

  const open = assign(({ context, event }: { context: FormContext<Extra>; event: FormEvent<Item, Extra> }) => {
    if (event.type !== "form.open") return context
    const extra = event.extra ?? definition.initialExtra
    if (event.item !== undefined && definition.fromItem) {
      const item = definition.fromItem(event.item)
      return {
        ...fresh(item.extra ?? extra, context.clock),
        mode: "update" as const,
        itemId: item.itemId,
        values: { ...emptyValues(), ...item.values },
        preview: item.preview ?? null,
      }
    }
    if (definition.keepUnsaved && context.mode === "add") return { ...context, extra, errors: {}, message: null, detail: null, focus: null }
    return fresh(extra, context.clock)
  })

  const editing = {
    description: "The fields take input; Submit checks every field with the contract's rules before any call and focuses the first one that fails.",
    on: {
      "field.change": {
        actions: assign(({ context, event }: { context: FormContext<Extra>; event: FormEvent<Item, Extra> }) => {
          if (event.type !== "field.change" || event.field === undefined) return context
          return {
            values: { ...context.values, [event.field]: event.value ?? "" },
            errors: withoutKey(context.errors, event.field),
            // A failure's message is about the values as they were; once one changes it is stale.
            message: context.message?.tone === "error" ? null : context.message,
            detail: context.message?.tone === "error" ? null : context.detail,
          }
        }),
      },
      "file.change": {
        actions: assign(({ context, event }: { context: FormContext<Extra>; event: FormEvent<Item, Extra> }) => {
          if (event.type !== "file.change") return context
          const spec = files.find((f) => f.name === (event.field ?? files[0]?.name))
          if (!spec) return context
          const file = event.file ?? null
          const refused = file !== null && !spec.isAccepted(file)
          return {
            files: { ...context.files, [spec.name]: { file: refused ? null : file, refused } },
            errors: refused ? { ...context.errors, [spec.name]: spec.refusedText } : withoutKey(context.errors, spec.name),
          }
        }),
      },
      "visibility.toggle": {
        actions: assign({
          visible: ({ context, event }) =>
            event.type === "visibility.toggle" && event.field ? { ...context.visible, [event.field]: !context.visible[event.field] } : context.visible,
        }),
      },
      "form.submit": [
        { guard: "isValid", target: "submitting", actions: assign({ errors: {}, message: null, detail: null }) },
        {
          guard: "reportsInvalid",
          actions: assign(({ context }: { context: FormContext<Extra> }) => {
            const errors = problems(context)
            const missing = definition.missingMessage && anyRequiredEmpty(definition.fields, context.values)
            return {
              errors,
              message: missing ? { text: definition.missingMessage!, tone: "error" as const } : null,
              detail: null,
              focus: refocus(context, firstInvalid(order, errors)),
            }
          }),
        },
      ],
    },
  }

  const submitting = {
    description: "The submit button is disabled and reads its busy text; the input stays as typed if the call fails.",
    tags: ["busy"],
    invoke: {
      src: "submit" as const,
      input: ({ context }: { context: FormContext<Extra> }) => ({
        mode: context.mode,
        itemId: context.itemId,
        values: sentValues(definition.fields, context.values),
        files: Object.fromEntries(Object.entries(context.files).map(([name, state]) => [name, state.file])),
        extra: context.extra,
      }),
      onDone: {
        target: "succeeded",
        actions: [
          assign(({ context, event }: { context: FormContext<Extra>; event: { type: string } }) => {
            const outcome = definition.succeeded((event as unknown as { output: Output }).output, context.mode)
            return {
              message: outcome.message,
              detail: outcome.detail ?? null,
              ...(definition.clearOnSuccess ? { values: emptyValues(), files: noFiles() } : {}),
            }
          }),
          { type: "submitted" as const, params: ({ event }: { event: { type: string } }) => ({ output: (event as unknown as { output: Output }).output }) },
        ],
      },
      onError: {
        target: "editing",
        actions: assign(({ context, event }: { context: FormContext<Extra>; event: { type: string } }) => {
          const error = (event as { error?: unknown }).error
          const onField = serverFieldError(error, labels)
          const outcome = definition.failed?.(error, onField !== null, context.mode) ?? {
            message: onField ? null : { text: messageOf(error, FALLBACK), tone: "error" as const },
          }
          return {
            errors: onField ? { ...context.errors, [onField.field]: onField.text } : context.errors,
            message: outcome.message,
            detail: outcome.detail ?? null,
            focus: refocus(context, onField?.field ?? null),
          }
        }),
      },
    },
  }

  const then = definition.after.then
  const succeeded = {
    description: "The success message shows; then the form closes, starts again empty, or ends.",
    tags: ["saved"],
    ...(then === "stay"
      ? {}
      : {
          after: {
            successShown:
              then === "close"
                ? { target: closedTarget, actions: ["finished" as const] }
                : then === "reset"
                  ? {
                      target: "editing",
                      actions: [assign(({ context }: { context: FormContext<Extra> }) => fresh(context.extra, context.clock)), "finished" as const],
                    }
                  : { target: "done", actions: ["finished" as const] },
          },
        }),
    ...(definition.modal ? { on: { "form.close": { target: closedTarget } } } : {}),
  }

  const loadFailure = { text: definition.load?.failure ?? FALLBACK, tone: "error" as const }
  const loadStates = {
    starting: {
      description: "Updating a stored record fetches it first; adding starts empty.",
      always: [{ guard: "hasItem" as const, target: "loading" }, { target: "editing" }],
    },
    loading: {
      description: "The record is fetched; a spinner shows.",
      tags: ["busy"],
      invoke: {
        src: "load" as const,
        input: ({ context }: { context: FormContext<Extra> }) => ({ itemId: context.itemId ?? "" }),
        onDone: [
          {
            guard: "found" as const,
            target: "editing",
            actions: assign(({ context, event }: { context: FormContext<Extra>; event: { type: string } }) => {
              const item = definition.fromItem!((event as unknown as { output: Item }).output)
              return { values: { ...emptyValues(), ...item.values }, preview: item.preview ?? null, extra: item.extra ?? context.extra }
            }),
          },
          { target: "loadFailed", actions: assign({ message: loadFailure }) },
        ],
        onError: { target: "loadFailed", actions: assign({ message: loadFailure }) },
      },
    },
    loadFailed: { description: "The record could not be fetched: its failure text shows in red, and no form." },
  }

  const states = definition.modal
    ? {
        closed: {
          description: "No form shows; opening it starts from the record's values, or empty (what an unsaved add form held is kept where asked).",
          initial: "idle",
          on: {
            "form.open": [
              ...(definition.refuseOpen
                ? [
                    {
                      guard: "openRefused" as const,
                      actions: {
                        type: "openRefused" as const,
                        params: ({ context, event }: { context: FormContext<Extra>; event: FormEvent<Item, Extra> }) => ({
                          text: refusal(context, event) ?? "",
                        }),
                      },
                    },
                  ]
                : []),
              { target: "editing", actions: open },
            ],
          },
          states: {
            idle: { description: "Nothing to show." },
            ...(definition.after.announceMs
              ? {
                  announcing: {
                    description: "The form has closed; its success message stays on the page a little longer.",
                    after: { messageRemaining: { target: "idle", actions: assign({ message: null, detail: null }) } },
                  },
                }
              : {}),
          },
        },
        editing: {
          ...editing,
          on: { ...editing.on, "form.close": { target: "#" + definition.id + ".closed.idle", actions: assign({ errors: {}, message: null, detail: null }) } },
        },
        submitting,
        succeeded,
        ...(then === "final" ? { done: { description: "The form has done its work; the page moves on (a record load starts it again)." } } : {}),
      }
    : {
        ...(definition.load ? loadStates : {}),
        editing: {
          ...editing,
          on: {
            ...editing.on,
            "form.reset": {
              target: "editing",
              reenter: true,
              actions: assign(({ context }: { context: FormContext<Extra> }) => fresh(context.extra, context.clock)),
            },
          },
        },
        submitting,
        succeeded: {
          ...succeeded,
          on: { "form.reset": { target: "editing", actions: assign(({ context }: { context: FormContext<Extra> }) => fresh(context.extra, context.clock)) } },
        },
        ...(then === "final" ? { done: { description: "The form has done its work; the page moves on (a record load starts it again)." } } : {}),
      }

  type Config = Parameters<typeof machine.createMachine>[0]
  const startOver = assign(({ context, event }: { context: FormContext<Extra>; event: FormEvent<Item, Extra> }) => {
    const itemId = event.type === "form.load" ? (event.itemId ?? null) : null
    return { ...fresh(context.extra, context.clock), itemId, mode: itemId ? ("update" as const) : ("add" as const) }
  })

  return machine.createMachine({
    id: definition.id,
    // The route's record changed while the page stayed (e.g. /blog/a → /blog/b): start over with it.
    ...((definition.load ? { on: { "form.load": { guard: "isOtherItem", target: ".starting", actions: startOver } } } : {}) as Pick<Config, "on">),
    // Input is optional (`{ extra }`, e.g. the reset link's token), so it is not declared: declared input is required by every caller.
    context: ({ input }) => {
      // `values` starts the form from what was typed before (a kept draft, a test's complete form).
      const given = input as { extra?: Extra; now?: () => number; itemId?: string | null; values?: FormValues } | undefined
      const itemId = given?.itemId ?? null
      const start = fresh(given?.extra ?? definition.initialExtra, given?.now)
      return { ...start, values: { ...start.values, ...given?.values }, itemId, mode: itemId ? "update" : "add" }
    },
    initial: definition.modal ? "closed" : definition.load ? "starting" : "editing",
    // The states differ by kind of form (modal or not, how a success ends), so they are built above.
    states: states as unknown as NonNullable<Config["states"]>,
  })
}

export type FormMachine = ReturnType<typeof createFormMachine<unknown, unknown, unknown>>
