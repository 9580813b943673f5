import { randomBytes } from 'node:crypto'
import { CheckContext, CheckFailure, CheckSkip, type CheckDefinition } from './check.js'
import { allChecks } from './checks/index.js'
import { cleanup } from './cleanup.js'
import { planOf, type PlanEvents } from './estimate.js'
import { Fixtures } from './fixtures.js'
import { DEFAULT_LIVE_MARK, startLiveMark, type LiveMarkHeartbeat } from './live-mark.js'
import { statefulChecks, type StatefulRun } from './stateful/group.js'
import { ContractClient, InterruptedError, NetworkError } from './http-client.js'
import { ruleOf } from './rules.js'
import { skipOf } from './skips.js'
import { tagOf } from './tag.js'
import { Throttle } from './throttle.js'
import { CreatedResources, SafetyError } from './tracker.js'
import { DOCUMENT_OF, isDifference, type CheckResult, type ContractOptions, type ContractReport, type Failure, type Profile, type RunEvents } from './types.js'
import { learnChoices, learnsChoices, recordedChoiceOf } from './recorded-choices.js'

const DEFAULT_TIMEOUT_MS = 15_000
/** How the reason of a check skipped by agreement starts, in every report. */
export const AGREED = 'skipped by agreement (--skip) as '

/** Why a check does not run in this configuration, or undefined when it runs. */
function skipReason(check: CheckDefinition, options: ContractOptions): string | undefined {
  const agreed = skipOf(options.skip ?? [], check)
  if (agreed) return `${AGREED}${agreed.id}: ${agreed.reason}`
  // The sitemock profile runs every check of the service rules (and holds the target to sitemock's choices too).
  if (check.profiles && !check.profiles.includes(options.profile === 'sitemock' ? 'documents' : options.profile)) return check.unpromised ?? `not a promise of the ${DOCUMENT_OF[options.profile]}`
  for (const need of check.needs ?? []) {
    if (need === 'write' && options.readOnly) return '--read-only: the suite sends only GET requests'
    if (need === 'write' && options.workspaceId === undefined) return 'no --workspace-id: the suite writes only in sites it creates there'
    if (need === 'other-key' && options.otherApiKey === undefined) return 'no --other-api-key: cross-tenant checks skipped'
  }
  return undefined
}

/** The checks of the profile, narrowed to the --only groups. */
function plannedChecks(profile: Profile, only: ContractOptions['only'], run: StatefulRun): CheckDefinition[] {
  return [...allChecks(profile), ...statefulChecks(run)].filter((check) => !only || only.includes(check.group))
}

/**
 * Runs the suite against options.baseUrl: checks in order (`concurrency` at once), then the
 * cleanup of everything the run created, also when checks failed or the run was interrupted.
 */
export async function runContract(given: ContractOptions, events: RunEvents & PlanEvents = {}): Promise<ContractReport> {
  // The run's own copy: the choices it learns first become its choices, as if given.
  const options: ContractOptions = { ...given }
  const learns = learnsChoices(options)
  const startedAt = new Date()
  const runId = options.runId ?? randomBytes(4).toString('hex')
  const tag = tagOf(runId)
  const notices: string[] = []
  const notice = (message: string): void => {
    notices.push(message)
    events.onNotice?.(message)
  }
  const tracker = new CreatedResources(tag)
  const sent = { count: 0 }
  const client = new ContractClient({
    sent,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    throttle: new Throttle(options.concurrency, options.maxRps),
    tracker,
    readOnly: options.readOnly,
    timeoutMs: options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal: options.signal,
    notice,
    // Given choices say how the target takes a pathname in the path; learned ones, once the probes learn it.
    pathnames: { inPath: options.choices?.pathnameInPath ?? 'encoded' },
  })
  const fixtures = new Fixtures({ profile: options.profile, options, client, tracker, tag })
  const parts = { profile: options.profile, options, client, tracker, fixtures, tag }
  fixtures.attach(new CheckContext(parts))

  const checks = plannedChecks(options.profile, options.only, { notice, adopt: (resource) => tracker.add(resource), siteMarks: (id) => tracker.siteMarks(id) })
  // Said before the first check, so that whoever waits knows for how long.
  events.onPlan?.(planOf(checks.filter((check) => skipReason(check, options) === undefined), options, learns))
  const results: CheckResult[] = new Array<CheckResult>(checks.length)
  const run: RunState = { options, startedAt: startedAt.getTime(), preconditions: new Map(), notice }
  let next = 0
  let done = 0
  const worker = (until: number) => async (): Promise<void> => {
    while (next < until) {
      const index = next++
      const check = checks[index]!
      const result = await runCheck(check, run, new CheckContext({ ...parts, check }))
      results[index] = result
      events.onCheckDone?.(result, ++done, checks.length)
    }
  }
  // The stateful group runs alone, after the others: it compares the workspace's site list, which no other check may change meanwhile.
  const firstStateful = checks.findIndex((check) => check.group === 'stateful')
  const until = firstStateful < 0 ? checks.length : firstStateful
  let cleanupReport: Awaited<ReturnType<typeof cleanup>>
  let liveMark: LiveMarkHeartbeat | undefined
  try {
    // Before any other write, so that --cleanup of this tag refuses while the run goes on. Its
    // client ignores Ctrl-C: the run is still live while it cleans up after one.
    if (fixtures.writable && !options.signal?.aborted) liveMark = await startLiveMark(client.uninterruptible(), { tag, workspaceId: options.workspaceId!, timing: options.liveMark ?? DEFAULT_LIVE_MARK, notice })
    // The target's first answers are its choices, for every class at once: the checks and the
    // stateful oracle then hold it to them, as with --choices.
    if (learns && !options.signal?.aborted) {
      const learned = await learnChoices(options, tag, { client, tracker })
      options.choices = learned.choices
      notice(learned.notice)
    }
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, until)) }, worker(until)))
    await worker(checks.length)()
  } finally {
    await liveMark?.stop()
    // Also when a check escapes with an error of the suite itself: what the run made goes either way.
    cleanupReport = await cleanup(client.uninterruptible(), tracker, { workspaceId: options.workspaceId, tag })
  }
  return {
    runId,
    tag,
    baseUrl: options.baseUrl,
    profile: options.profile,
    readOnly: options.readOnly,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    interrupted: options.signal?.aborted ?? false,
    requests: sent.count,
    checks: results,
    notices,
    cleanup: cleanupReport,
  }
}

interface RunState {
  options: ContractOptions
  startedAt: number
  /** Shared preconditions that failed, by key: the check that reported the failure, and its message. */
  preconditions: Map<string, { checkId: string; failure: Failure }>
  notice(message: string): void
}

async function runCheck(check: CheckDefinition, run: RunState, context: CheckContext): Promise<CheckResult> {
  const { options } = run
  const started = Date.now()
  const result = (status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult => ({
    id: check.id,
    group: check.group,
    name: check.name,
    rule: ruleOf(check.id) ?? check.group,
    status,
    offsetMs: started - run.startedAt,
    durationMs: Date.now() - started,
    failures: context.failures,
    ...extra,
  })
  const reason = skipReason(check, options)
  if (reason) return result('skipped', { reason })
  if (options.signal?.aborted) return result('skipped', { reason: 'interrupted (Ctrl-C)' })
  try {
    await check.run(context)
    holdAsRecorded(check.id, context, run)
    return result(context.failures.length ? failedStatus(context.failures, options.profile) : 'passed')
  } catch (error) {
    if (error instanceof CheckSkip && context.failures.length === 0) return result('skipped', { reason: error.message })
    if (error instanceof InterruptedError && context.failures.length === 0) return result('skipped', { reason: 'interrupted (Ctrl-C)' })
    // The guard keeps the target's data safe; it never fails a check: a probe it stops is not sent, so nothing was judged.
    if (error instanceof SafetyError && context.failures.length === 0) return result('skipped', { reason: `not sent: ${messageOf(error)}` })
    if (error instanceof CheckFailure && error.precondition !== undefined) {
      const reported = run.preconditions.get(error.precondition)
      // A setup that is sitemock's choice alone (a route made where sitemock makes it) is a
      // difference of every check that needs it (recorded below), not a skip.
      if (reported && !isDifference(reported.failure) && context.failures.length === 0) return result('skipped', { reason: `a precondition failed, reported by ${reported.checkId}: ${reported.failure.message}` })
      if (!reported) run.preconditions.set(error.precondition, { checkId: check.id, failure: error.failure })
    }
    if (error instanceof CheckFailure) context.record(error.failure)
    else if (!(error instanceof CheckSkip) && !(error instanceof InterruptedError)) context.record({ message: messageOf(error), documents: [] })
    holdAsRecorded(check.id, context, run)
    if (context.failures.length === 0) return result('passed')
    return result(failedStatus(context.failures, options.profile))
  }
}

/**
 * Takes out of a check's failures the differences that are the target's recorded choices
 * (--choices), and says so in a notice: the run holds the target to what it chose.
 */
function holdAsRecorded(checkId: string, context: CheckContext, run: RunState): void {
  const held = new Set<string>()
  for (let i = context.failures.length - 1; i >= 0; i--) {
    const recorded = recordedChoiceOf(context.failures[i]!, run.options.choices)
    if (recorded === undefined) continue
    held.add(recorded)
    context.failures.splice(i, 1)
  }
  if (held.size) run.notice(`${checkId}: held to the target's recorded choice${held.size > 1 ? 's' : ''} ${[...held].join(', ')} instead of sitemock's`)
}

/**
 * A check whose every failure is a difference from sitemock's own choices, or a target
 * contradicting its own free choice, only differs, unless the profile holds the target to them.
 */
function failedStatus(failures: Failure[], profile: Profile): CheckResult['status'] {
  const differences = failures.every((failure) => failure.kind === 'inconsistent' || isDifference(failure))
  return differences && profile !== 'sitemock' ? 'differs' : 'failed'
}

function messageOf(error: unknown): string {
  if (error instanceof NetworkError) return `the target did not answer: ${error.message}`
  if (error instanceof SafetyError) return `the suite's safety guard stopped a request: ${error.message}`
  // A bug of the suite itself, reported as a failed check rather than a crash.
  return `the check could not run: ${error instanceof Error ? error.message : String(error)}`
}
