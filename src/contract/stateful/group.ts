import { randomBytes } from 'node:crypto'
import { failureOf, type CheckContext, type CheckDefinition } from '../check.js'
import { SITES } from '../endpoints.js'
import { brief } from '../reporters/format.js'
import { promisedBy } from '../judge.js'
import type { CreatedResource, Failure, StatefulBudget } from '../types.js'
import { generateSequence } from './commands.js'
import type { Answer } from './oracle.js'
import { runSequence, type SequenceEnv, type SequenceResult } from './sequence.js'
import { shrink } from './shrink.js'

/** The default budget: about a minute against the local mock, and at most this many sequences. */
const DEFAULT_STATEFUL_TIME_MS = 60_000
const DEFAULT_STATEFUL_RUNS = 1000
/** How many replays shrinking may spend on one divergence. */
const MAX_REPLAYS = 300

/** What the group needs of the run besides a check's context. */
export interface StatefulRun {
  /** Says how much was run when nothing diverged. */
  notice(message: string): void
  /** Records a resource of a run's site learned from a list (a default locale, a copy's pages), so the safety guard lets the group write to it. */
  adopt(resource: CreatedResource): void
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

async function runStateful(context: CheckContext, { notice, adopt }: StatefulRun): Promise<void> {
  const budget: StatefulBudget = context.options.stateful ?? {}
  const firstSeed = budget.seed ?? randomBytes(4).readUInt32BE(0)
  // A seed given to replay a divergence runs that one sequence unless more are asked for.
  const runs = budget.runs ?? (budget.seed === undefined ? DEFAULT_STATEFUL_RUNS : 1)
  const deadline = Date.now() + (budget.timeMs ?? DEFAULT_STATEFUL_TIME_MS)
  const env = sequenceEnv(context, adopt)
  const started = Date.now()
  let requests = 0
  let run = 0
  for (; run < runs && (run === 0 || Date.now() < deadline); run++) {
    const seed = (firstSeed + run) >>> 0
    const commands = generateSequence(seed)
    const result = await runSequence(env, commands)
    requests += result.steps.length
    if (!result.divergence) continue
    const shrunk = await shrink(commands, result, (candidate) => runSequence(env, candidate), MAX_REPLAYS)
    context.record(failureOfDivergence(context, shrunk.result, [`seed ${seed} (replay with --seed ${seed}); shrunk from ${commands.length} to ${shrunk.commands.length} command(s) in ${shrunk.replays} replay(s); sequence ${run + 1} of the run`]))
    return
  }
  notice(`stateful: ${run} sequence(s) from seed ${firstSeed}, ${requests} requests to each side in ${((Date.now() - started) / 1000).toFixed(1)} s: no divergence from the oracle`)
}

/** The failure: what differs at the last step, how to replay it, and the transcript; it breaks the documents that promise the oracle's answer. */
function failureOfDivergence(context: CheckContext, result: SequenceResult, replay: string[]): Failure {
  const { difference, exchange } = result.divergence!
  const last = result.steps[result.steps.length - 1]!
  const message = [
    `expected the oracle's answer at step ${result.steps.length} (${last.label}), got another: ${difference.message}`,
    ...replay,
    'transcript, request by request (target | oracle):',
    ...transcript(result),
  ].join('\n')
  return failureOf(message, promisedBy(context.profile, exchange.request.method, exchange.request.template, last.oracle.status), exchange)
}

function sequenceEnv(context: CheckContext, adopt: StatefulRun['adopt']): SequenceEnv {
  const { options } = context
  let anchor: Promise<string | undefined> | undefined
  return {
    profile: context.profile,
    tag: context.tag,
    workspaceId: options.workspaceId!,
    appKey: options.apiKey,
    tenantKey: options.otherApiKey,
    send: (request) => context.send(request),
    phantomId: () => context.phantomId(),
    adopt,
    siteAnchor: () => (anchor ??= lastSite(context)),
  }
}

/** The last site of the workspace's list before the run's sequences add theirs: their site lists start after it. */
async function lastSite(context: CheckContext): Promise<string | undefined> {
  let last: string | undefined
  for (let page = 0; page < 100; page++) {
    const exchange = await context.get(SITES, {}, { workspaceId: context.options.workspaceId, limit: 100, startingAfter: last })
    context.expectStatus(exchange, 200, 'listing the workspace sites')
    const items = context.items(exchange)
    if (items.length > 0) last = String(items[items.length - 1]!.id)
    if (context.json(exchange).hasMore !== true) return last
  }
  return last
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
