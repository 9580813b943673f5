import { InterruptedError } from '../http-client.js'
import type { Command } from './commands.js'
import type { SequenceResult } from './sequence.js'

export interface Shrunk {
  commands: Command[]
  result: SequenceResult
  /** How many sequences were run again to get there. */
  replays: number
  /** Shrinking stopped early, as the run was interrupted. */
  interrupted?: boolean
}

/** What a divergence is about: the same operation parting in the same way. Shrinking keeps to it. */
export function signature(commands: Command[], result: SequenceResult): string {
  const divergence = result.divergence!
  return `${commands[divergence.command]?.op ?? 'setup'} ${divergence.difference.aspect}`
}

/**
 * The shortest sequence found that still shows the same divergence, by removing commands:
 * first everything after the command at fault, then chunks of halving size (delta debugging),
 * each removal kept when a replay against the target and a fresh oracle still diverges the same
 * way. A command names its resources modulo what exists, so every subsequence is runnable.
 */
export async function shrink(commands: Command[], failing: SequenceResult, replay: (commands: Command[]) => Promise<SequenceResult>, maxReplays: number): Promise<Shrunk> {
  const wanted = signature(commands, failing)
  let best = { commands: commands.slice(0, failing.divergence!.command + 1), result: failing }
  let replays = 0
  for (let chunk = Math.ceil(best.commands.length / 2); chunk >= 1; chunk = chunk === 1 ? 0 : Math.ceil(chunk / 2)) {
    for (let start = 0; start < best.commands.length && replays < maxReplays; ) {
      const candidate = [...best.commands.slice(0, start), ...best.commands.slice(start + chunk)]
      replays++
      let result: SequenceResult
      try {
        result = await replay(candidate)
      } catch (error) {
        // Interrupted (Ctrl-C, SIGTERM): the shortest sequence found so far is what is reported.
        if (error instanceof InterruptedError) return { ...best, replays, interrupted: true }
        throw error
      }
      if (result.divergence && signature(candidate, result) === wanted) best = { commands: candidate.slice(0, result.divergence.command + 1), result }
      else start += chunk
    }
  }
  return { ...best, replays }
}
