/**
 * Waits until the work already queued has run: the promise callbacks, and the timers due now (an actor's
 * `after: 0`, a machine answering from a resolved promise). A fake clock is not involved: these are the
 * real timers' zero delay.
 */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
