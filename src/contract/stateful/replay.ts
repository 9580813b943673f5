import type { Call } from './plan.js'
import { Both } from './pools.js'

/**
 * A sequence's calls as a report keeps them, to send again exactly (`sitemock contract --replay
 * FILE`) where a seed cannot bring the same requests back (the target's timing, its ids). A value
 * that differs between the two sides is kept by the oracle's side alone: the oracle's ids are the
 * same in every run of the same calls, and the target's are learned again as the replay creates.
 * The target's keys are never written: the App and tenant keys are named by their role.
 */
export interface RecordedCall {
  /** The command's index in the sequence, or -1 for the setup. */
  command: number
  call: unknown
}

/**
 * How a recorded value is written: a pair by the oracle's value, the run's anchor in the target's
 * site list, or an id made up to name nothing (a new one is made for the replay, which the run's
 * safety guard then knows as its own).
 */
type RecordedValue = { $oracle: string } | { $anchor: true } | { $phantom: true }

const isRecorded = (value: unknown): value is RecordedValue =>
  value !== null && typeof value === 'object' && ('$oracle' in value || '$anchor' in value || '$phantom' in value)

/** The call in a form JSON keeps; `phantoms` are the ids the sequence made up. */
export function recordCall(call: Call, command: number, phantoms: ReadonlySet<string>): RecordedCall {
  const write = (value: unknown): unknown => {
    if (typeof value === 'string' && phantoms.has(value)) return { $phantom: true }
    if (value instanceof Both) return value.oracle === undefined ? { $anchor: true } : { $oracle: value.oracle }
    if (Array.isArray(value)) return value.map(write)
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, write(inner)]))
    return value
  }
  return { command, call: write(call) }
}

/**
 * The recorded call with each pair made whole again: `targetOf` gives the target's value for an
 * oracle value, `anchor` the run's anchor, `phantomId` a new id that names nothing. The recording
 * run's tag becomes this run's `tag` wherever it stands: what the replay creates is this run's,
 * for its cleanup and for `--cleanup` alike.
 */
export function rebindCall(recorded: RecordedCall, targetOf: (oracle: string) => string, anchor: string | undefined, phantomId: () => string, tag: string): Call {
  const read = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(/contract-[0-9a-f]{8}(?![0-9a-f])/g, tag)
    if (isRecorded(value)) {
      if ('$phantom' in value) return phantomId()
      return '$anchor' in value ? new Both(anchor, undefined) : new Both(targetOf(value.$oracle), value.$oracle)
    }
    if (Array.isArray(value)) return value.map(read)
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, read(inner)]))
    return value
  }
  return read(recorded.call) as Call
}

/** Whether a value read from a report is a list of recorded calls. */
export function isRecordedSequence(value: unknown): value is RecordedCall[] {
  return Array.isArray(value) && value.every((item) => item !== null && typeof item === 'object' && typeof (item as RecordedCall).command === 'number' && 'call' in item)
}
