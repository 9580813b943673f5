import type { CheckDefinition } from './check.js'
import type { ContractOptions, Group } from './types.js'

/**
 * Requests one check of a group sends, about: counted against the mock (spec profile, fixtures
 * included). The estimate needs the order of magnitude, not the count.
 */
const REQUESTS_PER_CHECK: Record<Exclude<Group, 'stateful'>, number> = {
  schema: 5,
  auth: 6,
  lifecycle: 7,
  validation: 1,
  conflicts: 4,
  pagination: 8,
  versions: 6,
}

/** Requests one stateful sequence sends to the target: 50 commands, its two sites made, learned and deleted, whole lists read to judge a page (measured: 63-65 against the mock). */
const REQUESTS_PER_SEQUENCE = 65
/** The suite's own work per request (parsing, schema validation), in ms: about what a run against the mock takes per request beyond the round trip. */
const WORK_PER_REQUEST_MS = 0.6
/**
 * The stateful group's own work per request: the oracle answers and both answers are compared.
 * Measured against the mock on 2 shared CPUs: 1.1 to 2.8 ms a request, round trip included, as
 * the machine is busy or not; a group bound by its time sends as many as the CPU lets through.
 */
const STATEFUL_WORK_PER_REQUEST_MS = 2

/** Requests the probes of the target's free choices send when the run learns them first (measured against conformance twins: 77-124). */
const REQUESTS_TO_LEARN_CHOICES = 120

/** The stateful group's defaults, as stateful/group.ts applies them. */
const DEFAULT_STATEFUL_RUNS = 1000
const DEFAULT_STATEFUL_TIME_MS = 60_000

/** What a run is about to do, before its first check. */
export interface RunPlan {
  /** Checks that run (none skipped for a missing flag), the stateful group apart. */
  checks: number
  /** Requests those checks send, about, and the probes of the target's free choices when the run learns them first. */
  requests: number
  /** The stateful group's budget, when it runs: sequences at most, and time at most (none for recorded sequences sent again). */
  stateful?: { runs: number; timeMs?: number }
  maxRps: number
  concurrency: number
}

/** The run's events beyond RunEvents: the plan, once, before the first check. */
export interface PlanEvents {
  onPlan?(plan: RunPlan): void
}

/** The plan of the checks that will run. */
export function planOf(checks: CheckDefinition[], options: ContractOptions, learnsChoices = false): RunPlan {
  const budget = options.stateful ?? {}
  // Recorded sequences sent again (a replay) run each once, whatever the time; read loosely, as a budget may have no such field.
  const replay = (budget as { replay?: unknown }).replay
  const stateful = checks.some((check) => check.group === 'stateful')
  const others = checks.filter((check) => check.group !== 'stateful')
  const budgetOf = (): RunPlan['stateful'] =>
    Array.isArray(replay)
      ? { runs: replay.length }
      : { runs: budget.runs ?? (budget.seed === undefined ? DEFAULT_STATEFUL_RUNS : 1), timeMs: budget.timeMs ?? DEFAULT_STATEFUL_TIME_MS }
  return {
    checks: others.length,
    requests: others.reduce((sum, check) => sum + REQUESTS_PER_CHECK[check.group as Exclude<Group, 'stateful'>], 0) + (learnsChoices ? REQUESTS_TO_LEARN_CHOICES : 0),
    ...(stateful ? { stateful: budgetOf() } : {}),
    maxRps: options.maxRps,
    concurrency: options.concurrency,
  }
}

/** How long a run takes, as a range in ms: the low and the high end. */
export interface Estimate {
  lowMs: number
  highMs: number
}

/**
 * The run's length from its plan and one request's round trip: each request costs the round
 * trip and the suite's own work, spread over --concurrency, but never less than the throttle's
 * interval; the stateful group runs alone, until its time or its sequences run out.
 */
export function estimate(plan: RunPlan, roundTripMs: number): Estimate {
  const interval = plan.maxRps > 0 ? 1000 / plan.maxRps : 0
  const cost = Math.max(0, roundTripMs) + WORK_PER_REQUEST_MS
  const statefulCost = Math.max(interval, Math.max(0, roundTripMs) + STATEFUL_WORK_PER_REQUEST_MS)
  const checksMs = plan.requests * Math.max(interval, cost / plan.concurrency)
  // Round trips vary more upward than downward (a slow endpoint, a 429 wait).
  let lowMs = checksMs * 0.7
  let highMs = checksMs * 1.5
  if (plan.stateful) {
    const sequencesMs = plan.stateful.runs * REQUESTS_PER_SEQUENCE * statefulCost
    // The sequence under way when the time is up finishes.
    const oneSequenceMs = REQUESTS_PER_SEQUENCE * statefulCost
    const timeMs = plan.stateful.timeMs ?? Infinity
    // Bound by its sequences, it varies as the checks do; bound by its time, it lasts that time.
    const bySequences = sequencesMs <= timeMs
    lowMs += bySequences ? sequencesMs * 0.7 : timeMs
    highMs += bySequences ? sequencesMs * 1.5 : timeMs + oneSequenceMs
  }
  return { lowMs, highMs }
}

const seconds = (ms: number): string => {
  const value = ms / 1000
  return value < 10 ? String(Math.round(value * 10) / 10) : String(Math.round(value))
}

/** A range of time in the unit that reads best: "under a second", "3-6 s", "40 s to 2 minutes", "2-4 minutes". */
export function span({ lowMs, highMs }: Estimate): string {
  if (highMs < 1000) return 'under a second'
  const low = Math.max(1, Math.floor(lowMs / 1000))
  const high = Math.max(low, Math.ceil(highMs / 1000))
  if (high < 90) return low === high ? `${high} s` : `${low}-${high} s`
  const highMinutes = Math.ceil(high / 60)
  if (low < 90) return `${low} s to ${highMinutes} minutes`
  const lowMinutes = Math.max(1, Math.floor(low / 60))
  return lowMinutes === highMinutes ? `about ${highMinutes} minute${highMinutes === 1 ? '' : 's'}` : `${lowMinutes}-${highMinutes} minutes`
}

const count = (n: number): string => n.toLocaleString('en-US')

/**
 * The requests a run sends, about: the checks', and the stateful group's, bounded by its
 * sequences or by what its time lets through at its pace, whichever comes first.
 */
export function requestsOf(plan: RunPlan, roundTripMs: number): number {
  if (!plan.stateful) return plan.requests
  const interval = plan.maxRps > 0 ? 1000 / plan.maxRps : 0
  const perRequestMs = Math.max(interval, Math.max(0, roundTripMs) + STATEFUL_WORK_PER_REQUEST_MS)
  const bySequences = plan.stateful.runs * REQUESTS_PER_SEQUENCE
  const byTime = plan.stateful.timeMs === undefined ? Infinity : Math.ceil(plan.stateful.timeMs / perRequestMs) + REQUESTS_PER_SEQUENCE
  return plan.requests + Math.min(bySequences, byTime)
}

/** A count said roughly: two significant digits. */
const rough = (n: number): string => count(n < 100 ? n : Number(n.toPrecision(2)))

/**
 * The line said before the first check, e.g. "about 240 checks and the stateful group (up to 60 s
 * or 1,000 sequences) (about 2,000 requests); at most 20 requests/s: roughly 2-4 minutes".
 */
export function estimateLine(plan: RunPlan, roundTripMs: number): string {
  if (plan.checks === 0 && !plan.stateful) return 'no check runs with these flags: each is skipped, with its reason in the report'
  const parts: string[] = []
  if (plan.checks > 0) parts.push(`about ${count(plan.checks)} check${plan.checks === 1 ? '' : 's'}`)
  if (plan.stateful) {
    const { runs, timeMs } = plan.stateful
    const sequences = `${count(runs)} sequence${runs === 1 ? '' : 's'}`
    parts.push(`the stateful group (${timeMs === undefined ? `${sequences} sent again` : `up to ${seconds(timeMs)} s or ${sequences}`})`)
  }
  const requests = `about ${rough(requestsOf(plan, roundTripMs))} requests`
  const pace = `${plan.maxRps > 0 ? `at most ${count(plan.maxRps)} requests/s` : 'no limit on requests per second'}${plan.concurrency > 1 ? `, ${plan.concurrency} at once` : ''}`
  const length = span(estimate(plan, roundTripMs))
  return `${parts.join(' and ')} (${requests}); ${pace}: ${length === 'under a second' ? length : `roughly ${length}`}`
}
