import { failureOf, type CheckContext, type CheckDefinition } from '../check.js'
import { freeChoice, uncatalogued } from '../choice-reasons.js'
import { InterruptedError } from '../http-client.js'
import { SITES } from '../endpoints.js'
import { brief } from '../reporters/format.js'
import { promisedBy } from '../judge.js'
import type { SiteMarks } from '../tag.js'
import type { CreatedResource, Failure, StatefulBudget } from '../types.js'
import { generateSequence } from './commands.js'
import type { Answer } from './oracle.js'
import { Coverage } from './coverage.js'
import { isRecordedSequence } from './replay.js'
import { runSequence, type SequenceEnv, type SequenceResult } from './sequence.js'
import { shrink, signature, type Shrunk } from './shrink.js'

/** The default budget: about a minute against the local mock, and at most this many sequences. */
const DEFAULT_STATEFUL_TIME_MS = 60_000
export const DEFAULT_STATEFUL_RUNS = 1000
/**
 * The first seed when none is given: a fixed one, so that two runs against the same deployment
 * send the same sequences and report the same findings (a CI gate); --seed random explores.
 */
export const DEFAULT_SEED = 1
/** How many replays shrinking may spend on one divergence. */
const MAX_REPLAYS = 300

/** What the group needs of the run besides a check's context. */
export interface StatefulRun {
  /** Says how much was run when nothing diverged. */
  notice(message: string): void
  /** Records a resource of a run's site learned from a list (a default locale, a copy's pages), so the safety guard lets the group write to it. */
  adopt(resource: CreatedResource): void
  /** The target's last answer for a site of the run: where its run tag is. */
  siteMarks?(siteId: string): SiteMarks | undefined
}

/**
 * The stateful group: random sequences of commands against the target and, in lockstep, against
 * the mock in this process as the oracle; the first divergence is shrunk and reported with its
 * seed and both transcripts.
 */
export function statefulChecks(run: StatefulRun): CheckDefinition[] {
  return [
    {
      id: 'stateful.model',
      group: 'stateful',
      name: 'random sequences of commands on every operation, with every key of the run, answer as the mock does',
      needs: ['write'],
      run: (context) => runStateful(context, run),
    },
  ]
}

async function runStateful(context: CheckContext, { notice, adopt, siteMarks }: StatefulRun): Promise<void> {
  const budget: StatefulBudget = context.options.stateful ?? {}
  const env = sequenceEnv(context, adopt, siteMarks)
  if (budget.replay) return replayRecorded(context, env, budget.replay, notice)
  const firstSeed = budget.seed ?? DEFAULT_SEED
  notice(`stateful group: sequences from seed ${firstSeed}${budget.seed === undefined ? ' (the default: each run sends the same ones; --seed random explores others)' : ''}`)
  // A seed given to replay a divergence runs that one sequence unless more are asked for.
  const runs = budget.runs ?? (budget.seed === undefined ? DEFAULT_STATEFUL_RUNS : 1)
  // A number of runs given alone is kept exactly, so that a seed and a number send the same
  // requests on any machine; the time budget bounds a run only when given, or when no number is.
  const timed = budget.runs === undefined || budget.timeMs !== undefined
  const deadline = Date.now() + (budget.timeMs ?? DEFAULT_STATEFUL_TIME_MS)
  const started = Date.now()
  const found = new Map<string, Found>()
  const coverage = new Coverage()
  let requests = 0
  let run = 0
  // How far the sequences went: what the target chose otherwise and the sequence followed, and the sequences a choice ended early.
  let followed = 0
  let cutShort = 0
  let planned = 0
  let reached = 0
  // Interrupted (Ctrl-C, SIGTERM), the group stops where it is and still reports what it found.
  let interrupted = false
  try {
    for (; run < runs && (run === 0 || !timed || Date.now() < deadline); run++) {
      const seed = (firstSeed + run) >>> 0
      const commands = generateSequence(seed)
      const result = await runSequence(env, commands, undefined, coverage)
      requests += result.steps.length
      followed += result.followed
      planned += commands.length
      const stop = result.divergence ?? result.cutShort
      reached += stop === undefined ? commands.length : Math.max(0, stop.command)
      if (result.cutShort) cutShort++
      if (!result.divergence) continue
      // A divergence seen before (the same operation parting the same way) is counted, not shrunk again.
      const kind = kindOf(commands, result)
      const seen = found.get(kind)
      if (seen) {
        seen.sequences++
        continue
      }
      const shrunk = await shrink(commands, result, (candidate) => runSequence(env, candidate), MAX_REPLAYS)
      found.set(kind, { seed, sequence: run + 1, from: commands.length, shrunk, sequences: 1 })
      if (shrunk.interrupted) throw new InterruptedError('interrupted while shrinking')
    }
  } catch (error) {
    if (!(error instanceof InterruptedError)) throw error
    interrupted = true
  }
  const ran = `${run}${interrupted ? ' (interrupted)' : ''} sequence(s) from seed ${firstSeed}, ${requests} requests to each side in ${((Date.now() - started) / 1000).toFixed(1)} s`
  for (const divergence of found.values()) {
    const { seed, shrunk } = divergence
    const shrinking = shrunk.interrupted ? `shrinking interrupted at ${shrunk.commands.length} of ${divergence.from} command(s) after ${shrunk.replays} replay(s)` : `shrunk from ${divergence.from} to ${shrunk.commands.length} command(s) in ${shrunk.replays} replay(s)`
    const replay = `seed ${seed} (replay with --seed ${seed}); ${shrinking}; sequence ${divergence.sequence} of the run; seen in ${divergence.sequences} of ${run} sequence(s)`
    context.record(failureOfDivergence(context, shrunk.result, [replay], seed))
  }
  notice(`stateful: ${ran}: ${found.size === 0 ? 'no divergence from the oracle' : `${found.size} distinct divergence(s), each reported ${interrupted ? 'as far as it was shrunk' : 'shrunk'}`}`)
  notice(`stateful ${coverage.summary().text}`)
  const adopted = env.learned?.adoptions?.summary() ?? []
  if (adopted.length > 0) notice(`stateful adopted, where the documents leave the choice free: ${adopted.join('; ')}`)
  notice(`stateful choices: ${followed} answer(s) where the target chose otherwise than the oracle, as the documents allow, followed; ${cutShort} sequence(s) ended early at a write the oracle cannot follow; ${reached} of ${planned} planned command(s) reached`)
  // With nothing found, an interrupted group is skipped as interrupted; with findings, it fails with them.
  if (interrupted) throw new InterruptedError('interrupted')
}

/** A distinct divergence of a run: the first sequence that showed it, shrunk, and how many showed it. */
/** What the workspace held before the run's sequences: see workspaceSites. */
interface WorkspaceSites {
  last: string | undefined
  names: ReadonlySet<string>
}

interface Found {
  seed: number
  /** Its place in the run, from 1. */
  sequence: number
  /** The length of the sequence before shrinking. */
  from: number
  shrunk: Shrunk
  sequences: number
}

/** What makes two divergences one: the operation and the aspect, wherever in a list or a body it shows. */
function kindOf(commands: Parameters<typeof signature>[0], result: SequenceResult): string {
  return signature(commands, result).replace(/\[\d+\]/g, '[]')
}

/** Sends a report's recorded sequences again, exactly, and compares again (`--replay FILE`). */
async function replayRecorded(context: CheckContext, env: SequenceEnv, sequences: unknown[][], notice: StatefulRun['notice']): Promise<void> {
  let requests = 0
  let diverged = 0
  for (const [index, calls] of sequences.entries()) {
    if (!isRecordedSequence(calls)) throw new Error(`replay: sequence ${index + 1} is not a recorded sequence (a stateful failure's "sequence.calls" of a JSON report)`)
    const result = await runSequence(env, [], calls)
    requests += result.steps.length
    if (!result.divergence) continue
    diverged++
    context.record(failureOfDivergence(context, result, [`replayed sequence ${index + 1} of ${sequences.length}: the same ${calls.length} call(s) sent again`]))
  }
  notice(`stateful: replayed ${sequences.length} recorded sequence(s), ${requests} requests to each side: ${diverged === 0 ? 'no divergence from the oracle' : `${diverged} diverged again`}`)
}

/** The failure: what differs at the last step, how to replay it, and the transcript; it breaks the documents that promise the oracle's answer. */
function failureOfDivergence(context: CheckContext, result: SequenceResult, replay: string[], seed?: number): Failure {
  const { difference, exchange } = result.divergence!
  const last = result.steps[result.steps.length - 1]!
  const headline = difference.inconsistent
    ? `the target contradicts itself at step ${result.steps.length} (${last.label}): ${difference.message}`
    : `expected the oracle's answer at step ${result.steps.length} (${last.label}), got another: ${difference.message}`
  const message = [
    headline,
    ...replay,
    'transcript, request by request (target | oracle):',
    ...transcript(result),
  ].join('\n')
  const sequence = { ...(seed === undefined ? {} : { seed }), calls: result.calls }
  if (difference.inconsistent) {
    // No document is broken: the target answered one free choice two ways. Its kind sets it apart.
    return { ...failureOf(message, [], exchange), sequence, kind: 'inconsistent' }
  }
  // Under --profile sitemock a difference the contract leaves free is still one: sitemock's choice is what it breaks, named where the catalogue has it.
  if (context.profile === 'sitemock' && difference.free) {
    const leftOpen = difference.choice ? freeChoice(difference.choice, 'the documents leave it free, and the target chose otherwise') : uncatalogued('stateful', 'the documents leave this answer free; no class of the choice catalogue names it')
    return { ...failureOf(message, ['sitemock behaviour'], exchange), leftOpen, sequence }
  }
  return { ...failureOf(message, [...promisedBy(context.profile, exchange.request.method, exchange.request.template, last.oracle.status)], exchange), sequence }
}

function sequenceEnv(context: CheckContext, adopt: StatefulRun['adopt'], siteMarks?: StatefulRun['siteMarks']): SequenceEnv {
  const { options } = context
  let sites: Promise<WorkspaceSites> | undefined
  return {
    profile: context.profile,
    tag: context.tag,
    workspaceId: options.workspaceId!,
    appKey: options.apiKey,
    tenantKey: options.otherApiKey,
    ...(options.siteApiKey === undefined ? {} : { strangerKey: options.siteApiKey }),
    send: (request) => context.send(request),
    phantomId: () => context.phantomId(),
    adopt,
    siteAnchor: async () => (await (sites ??= workspaceSites(context))).last,
    workspaceSiteNames: async () => (await (sites ??= workspaceSites(context))).names,
    choices: options.choices,
    listChoices: options.listChoices,
    siteMarks,
    learned: {},
  }
}

/**
 * The workspace's sites before the run's sequences add theirs: the last of its list (their site
 * lists start after it), and the names they hold, in lower case (a deployment whose site names
 * are unique refuses them: siteNames).
 */
async function workspaceSites(context: CheckContext): Promise<WorkspaceSites> {
  let last: string | undefined
  const names = new Set<string>()
  for (let page = 0; page < 100; page++) {
    const exchange = await context.get(SITES, {}, { workspaceId: context.options.workspaceId, limit: 100, startingAfter: last })
    context.expectStatus(exchange, 200, 'listing the workspace sites')
    const items = context.items(exchange)
    for (const item of items) if (typeof item.name === 'string') names.add(item.name.toLowerCase())
    if (items.length > 0) last = String(items[items.length - 1]!.id)
    if (context.json(exchange).hasMore !== true) break
  }
  return { last, names }
}

/** The steps side by side: each request as each side received it, and each side's answer. */
function transcript(result: SequenceResult): string[] {
  const line = (answer: Answer): string => {
    const body = answer.request.body === undefined ? '' : ` ${brief(answer.request.body, 200)}`
    const reply = answer.body === undefined ? '' : ` ${brief(answer.body, 300)}`
    return `${answer.request.method} ${answer.request.path}${body} → ${answer.status}${reply}`
  }
  return result.steps.flatMap((step, index) => [`  ${index + 1}. ${step.label}`, `     target: ${line(step.target)}`, `     oracle: ${line(step.oracle)}`])
}
