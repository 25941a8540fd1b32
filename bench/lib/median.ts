/**
 * The median of one measure over several runs (the upper one of an even count): one run the machine disturbed (a short
 * CI run's p99 rests on a few answers) moves it no more than any other single run.
 */
export const medianRun = <Run>(runs: readonly Run[], pick: (run: Run) => number): number => runs.map(pick).sort((x, y) => x - y)[Math.floor(runs.length / 2)]!

/** The median of plain numbers (the upper one of an even count). */
export const median = (numbers: readonly number[]): number => medianRun(numbers, (n) => n)
