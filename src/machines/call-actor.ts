import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from "xstate"
import type { Endpoint } from "../api/contract/endpoint.ts"

/**
 * The call an actor makes, or the calls it makes one of on each run (a form that adds or updates, a step the
 * client asks for and the counsellor takes): the diagrams name each, with who may make it.
 */
export type ActorCall = Endpoint | readonly [Endpoint, ...Endpoint[]]

const callOfLogic = new WeakMap<object, ActorCall>()

/**
 * A promise actor that makes one contract call (and what follows from its answer): the machine names the call
 * where it makes it, and its diagram says who may fire the actor's done and error from the call's access rule,
 * so the registry does not restate it. A factory's actor whose call its caller did not name stays unnamed.
 */
export function fromCall<Output, Input = NonReducibleUnknown>(
  endpoint: ActorCall | undefined,
  run: (args: { input: Input; signal: AbortSignal }) => PromiseLike<Output>,
): PromiseActorLogic<Output, Input> {
  const logic = fromPromise<Output, Input>(run)
  return endpoint ? makesCall(endpoint, logic) : logic
}

/** Any actor logic (a callback that reports as it goes, say) marked as making one contract call, as fromCall does. */
export function makesCall<Logic extends object>(endpoint: ActorCall, logic: Logic): Logic {
  callOfLogic.set(logic, endpoint)
  return logic
}

/** The contract call an actor of `machine` makes, when it was made with fromCall. */
export function callOf(machine: { implementations: { actors: Record<string, unknown> } }, actor: string): ActorCall | undefined {
  const logic = machine.implementations.actors[actor]
  return typeof logic === "object" && logic !== null ? callOfLogic.get(logic) : undefined
}
