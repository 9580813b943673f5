import type { FaultRequest } from '../generated/types.js'
import { DEFAULT_JOURNAL_SIZE } from '../journal/journal.js'
import { createRequestLogger, LOG_FORMATS, type LogFormat } from '../journal/log-line.js'
import type { Mock, MockOptions } from '../mock.js'
import { MAX_DELAY_MS } from '../faults/prefer.js'
import { integerFlag, oneOf, UsageError } from './args.js'
import type { LogOutput } from './log-output.js'

/** The flags of the journal, the request log and injected faults, as `sitemock serve` takes them. */
export const DX_FLAGS = {
  'journal-size': { type: 'string' },
  log: { type: 'string' },
  latency: { type: 'string' },
  'error-rate': { type: 'string' },
} as const

export const DX_HELP = `  --journal-size N   API requests kept for GET /__mock/requests (default: ${DEFAULT_JOURNAL_SIZE}; 0 keeps none)
  --log FORMAT       a line per API request on stdout: pretty (default; status in colour on a
                     terminal), json (one object per line, the first {"event":"listening","url"};
                     the banner then goes to stderr) or off
  --latency MS|MIN-MAX
                     delay every API answer by MS, or by a random time from MIN to MAX (e.g. 50-200)
  --error-rate R     answer a share R of API requests (0 to 1, e.g. 0.05) with a 500; the draws
                     follow --seed, so a run can be repeated (more faults: POST /__mock/faults)
`

interface DxFlagValues {
  'journal-size'?: string
  log?: string
  latency?: string
  'error-rate'?: string
}

/** The mock options the flags ask for: the journal's size and the faults active from the start. */
export function dxMockOptions(flags: DxFlagValues): Pick<MockOptions, 'journalSize' | 'faults'> {
  const journalSize = integerFlag('journal-size', flags['journal-size'], 0, 1_000_000)
  const fault: FaultRequest = {}
  if (flags.latency !== undefined) fault.latencyMs = latencyFlag(flags.latency)
  if (flags['error-rate'] !== undefined) {
    const rate = Number(flags['error-rate'])
    if (flags['error-rate'].trim() === '' || !(rate >= 0 && rate <= 1)) throw new UsageError(`--error-rate must be a number from 0 to 1, such as 0.05; got "${flags['error-rate']}"`)
    fault.errorRate = rate
  }
  return { journalSize, faults: Object.keys(fault).length ? [fault] : [] }
}

function latencyFlag(value: string): number | [number, number] {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value.trim())
  const min = Number(match?.[1])
  const max = match?.[2] === undefined ? min : Number(match[2])
  if (!match || min > max || max > MAX_DELAY_MS) {
    throw new UsageError(`--latency must be milliseconds (e.g. 100) or a range MIN-MAX (e.g. 50-200), at most ${MAX_DELAY_MS}; got "${value}"`)
  }
  return min === max ? min : [min, max]
}

export function logFormatFlag(value: string | undefined): LogFormat {
  return oneOf('log', value ?? 'pretty', LOG_FORMATS)
}

/** Prints a line per API request in the chosen format, through `output`; colour only on a terminal that allows it. */
export function logRequests(mock: Mock, format: LogFormat, output: LogOutput): void {
  if (format === 'off') return
  const color = process.stdout.isTTY === true && process.env.NO_COLOR === undefined
  mock.journal.onEntry(createRequestLogger((text) => output.write(text), format, color))
}
