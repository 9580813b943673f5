/** The middle value: one burst of other work on the machine moves it less than it moves a mean. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * Runs every measurement once per round, in turn, for `rounds` rounds, and returns each one's
 * values: whatever else the machine does at a moment weighs on all of them alike, and a ratio
 * is taken between values of the same round.
 */
export async function alternate<T>(measurements: Array<() => Promise<T>>, rounds: number, between?: (round: number) => Promise<void>): Promise<T[][]> {
  const values: T[][] = measurements.map(() => [])
  for (let round = 0; round < rounds; round++) {
    for (const [i, measure] of measurements.entries()) values[i]!.push(await measure())
    await between?.(round)
  }
  return values
}
