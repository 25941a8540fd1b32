import { assign, setup } from "xstate"
import { fromCall, type ActorCall } from "./call-actor.ts"
import { isApiError, messageOf } from "../api/api-error.ts"

export interface ConfirmActionContext<Target> {
  target: Target | null
}

export type ConfirmActionEvent<Target> = { type: "action.request"; target: Target } | { type: "action.confirm" } | { type: "action.cancel" }

/**
 * A row action that asks first (spec section 5: destructive actions confirm; send access
 * confirms too): request → confirm dialog → running (button busy) → a toast with the answer and
 * a list reload, or a toast with the failure. Used for Send access and Delete session.
 */
export function createConfirmActionMachine<Target>(options: {
  id: string
  run: (target: Target) => Promise<{ message?: string }>
  /** The contract call run makes, named on the machine's diagram. */
  call?: ActorCall
  /** The success text when the answer carries none. */
  successText: string
  /** Shown for an error answer without a message of its own. */
  failureText: string
  /** Shown when the server could not be reached. */
  networkText: string
}) {
  return setup({
    types: {
      context: {} as ConfirmActionContext<Target>,
      events: {} as ConfirmActionEvent<Target>,
    },
    actors: {
      // Typed `unknown` here: XState cannot resolve a generic actor input; the context holds a Target.
      run: fromCall<{ message?: string }, unknown>(options.call, ({ input }) => options.run(input as Target)),
    },
    actions: {
      /** Provided by the view: show a toast. */
      notify: (_, _params: { text: string; tone: "success" | "error" }) => {},
      /** Provided by the view: reload the list. */
      done: () => {},
    },
  }).createMachine({
    id: options.id,
    context: { target: null },
    initial: "idle",
    states: {
      idle: {
        description: "Nothing pending; each row offers the action.",
        on: { "action.request": { target: "confirming", actions: assign({ target: ({ event }) => event.target }) } },
      },
      confirming: {
        description: "The confirmation dialog asks; Cancel closes it without a call.",
        on: {
          "action.confirm": { target: "running" },
          "action.cancel": { target: "idle", actions: assign({ target: null }) },
        },
      },
      running: {
        description: "The call runs; the row's button shows it is busy.",
        tags: ["busy"],
        invoke: {
          src: "run",
          input: ({ context }: { context: ConfirmActionContext<Target> }) => context.target,
          onDone: {
            target: "idle",
            actions: [
              { type: "notify", params: ({ event }) => ({ text: event.output.message || options.successText, tone: "success" as const }) },
              "done",
              assign({ target: null }),
            ],
          },
          onError: {
            target: "idle",
            actions: [
              {
                type: "notify",
                params: ({ event }) => ({
                  text: isApiError(event.error) && event.error.kind === "network" ? options.networkText : messageOf(event.error, options.failureText),
                  tone: "error" as const,
                }),
              },
              assign({ target: null }),
            ],
          },
        },
      },
    },
  })
}
