/**
 * Answers a call that must not tell whether an account exists (a reset link, a sign-up) in the same
 * time whatever it found. The work has two parts:
 * - what must hold once the answer is given (the account, a link with its mail queued, all committed) is
 *   always awaited, however long a busy server takes: an answer never comes before what it acknowledges, so
 *   a sign-in straight after a sign-up finds the account, and a crash after the answer loses nothing;
 * - what the work hands back to run after it (delivering the queued mail) gets what is left of `ms`; still
 *   running then (a slow mail server), it finishes after the answer, its failure logged (the postman
 *   retries undelivered mail), so the mail server's speed never shows in the time.
 * The answer waits until `ms` have passed since the start. A failure of the first part (the database away)
 * is thrown: it happens alike whether the account exists or not, since finding out is part of the work.
 */
export async function inConstantTime(
  ms: number,
  // The follow-up comes wrapped: an async function that returned the promise itself would wait for it.
  work: () => Promise<{ followUp: Promise<unknown> } | undefined>,
  onLateFailure: (error: unknown) => void,
): Promise<void> {
  const started = performance.now()
  const followUp = (await work())?.followUp
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), Math.max(0, ms - (performance.now() - started)))
  })
  const outcome = followUp ? await Promise.race([followUp.then(() => "done" as const), late]) : await late
  if (outcome === "late") {
    followUp?.catch(onLateFailure)
    return
  }
  clearTimeout(timer)
  const left = ms - (performance.now() - started)
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}
