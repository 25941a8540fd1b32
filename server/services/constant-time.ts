/**
 * Answers a call that must not tell whether an account exists (a reset link, a sign-up) in the same
 * time whatever it found: the work runs, and the answer waits until `ms` have passed since the start.
 * Work still running then (a slow mail server) finishes after the answer, its failure logged, so no
 * delay gives the account away either. A failure within the time (the database away) is thrown: it
 * happens alike whether the account exists or not, since finding out is part of the work.
 */
export async function inConstantTime(ms: number, work: Promise<void>, onLateFailure: (error: unknown) => void): Promise<void> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms)
  })
  const outcome = await Promise.race([work.then(() => "done" as const), late])
  if (outcome === "late") {
    work.catch(onLateFailure)
    return
  }
  clearTimeout(timer)
  const left = ms - (performance.now() - started)
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}
