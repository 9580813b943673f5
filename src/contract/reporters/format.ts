import { RULES, ruleReference } from '../rules.js'
import { isServerError, settledReport } from '../server-errors.js'
import { sourcesOfCheck } from '../case-sources.js'
import { RULE_SOURCES } from '../rule-sources.js'
import { describeSource, type Source } from '../sources.js'
import { GROUPS, type Profile, type CheckResult, type ContractReport, type Failure, type Group } from '../types.js'

const MAX_JSON = 400

/** Compact JSON, cut at a readable length. */
export function brief(value: unknown, max = MAX_JSON): string {
  // A string with control characters is shown as JSON writes it, so that `a\u0007` does not read as `a`.
  const text = typeof value === 'string' && !/[\u0000-\u001f\u007f]/.test(value) ? value : JSON.stringify(value)
  if (text === undefined) return String(value)
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text
}

/** How much of a request or response body the pretty report shows: enough to see what came, not a page of it. */
export const PRETTY_BODY_MAX = 300

/**
 * A body as a report shows it: whole (JUnit, and JSON, which carries the value itself), or cut
 * at `max` characters with its length and where to read it whole (pretty).
 */
function bodyText(value: unknown, whole: boolean, max = PRETTY_BODY_MAX): string {
  // A string with control characters is shown as JSON writes it, so that `a\u0007` does not read as `a`.
  const text = typeof value === 'string' && !/[\u0000-\u001f\u007f]/.test(value) ? value : JSON.stringify(value)
  if (text === undefined) return String(value)
  return whole || text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters; whole in --reporter json)`
}

export type FailureLabel = 'server error' | 'bug' | 'specification' | 'published OpenAPI' | 'sitemock behaviour' | 'inconsistent' | 'suite'

/**
 * What kind of failure this is, for sorting out who acts: a 5xx is a server error whatever was
 * checked; else the documents it breaks say whether it is a bug (both), a promise of one document.
 */
export function labelOf(failure: Failure): FailureLabel {
  if (isServerError(failure)) return 'server error'
  if (failure.kind === 'inconsistent') return 'inconsistent'
  if (failure.documents.length === 0) return 'suite'
  if (failure.documents.length === 2) return 'bug'
  return failure.documents[0]!
}

/** Which documents a failure breaks, in words QA can act on. */
function brokenDocuments(failure: Failure): string {
  switch (labelOf(failure)) {
    case 'suite':
      return 'no document: the suite could not run the check'
    case 'inconsistent':
      return 'no document: the target contradicts its own earlier answer where the documents leave the choice free (not a break of the documents)'
    case 'server error':
      return 'a server error (5xx): no document allows one'
    case 'bug':
      return 'the specification and the published OpenAPI (a bug)'
    case 'published OpenAPI':
      return 'the published OpenAPI'
    case 'sitemock behaviour':
      return `nothing the specification or the published OpenAPI states: sitemock's own choice only (${failure.leftOpen ?? 'the documents leave this free'}); a difference, not a break`
    case 'specification':
      if (failure.disagreement) return `the specification only; the documents disagree: ${failure.disagreement}`
      return `the specification only; the published OpenAPI leaves this open (${failure.leftOpen ?? 'it makes no such promise'})`
  }
}

/** The rule a check holds the target to, in words, and where it is written out. */
export function ruleLine(check: CheckResult): string {
  const words = (RULES as Record<string, string>)[check.rule]
  return `rule: ${words ? `${words} ` : ''}(${ruleReference(check.rule)})`
}

/** Where a check's rule comes from: each source in words (docs/contract-rules.md lists them). */
export function sourcesOf(check: CheckResult): string[] {
  const own = sourcesOfCheck(check.id)
  const sources = own.length ? own : ((RULE_SOURCES as Record<string, readonly Source[] | undefined>)[check.rule] ?? [])
  return sources.map(describeSource)
}

/** The sources of a check on one line, as a failure's label names them. */
export function sourceLine(check: CheckResult): string {
  const sources = sourcesOf(check)
  return `source: ${sources.length ? sources.join('; ') : 'none recorded'}`
}

/** What a profile holds the target to, in words. */
export const PROFILE_WORDS: Record<Profile, string> = {
  documents: 'what the specification or the published OpenAPI states',
  published: 'what the published OpenAPI states',
  sitemock: "the documents and sitemock's own choices",
}

/**
 * The lines that describe one failure: the message, the documents, the request, the response, the
 * schema violations. Bodies are cut for people (pretty) unless `whole` (JUnit, read by machines and
 * opened when a check fails in CI, where the whole answer is what one needs).
 */
export function failureLines(failure: Failure, { whole = false }: { whole?: boolean } = {}): string[] {
  const lines = [failure.message, `breaks: ${brokenDocuments(failure)}`]
  if (failure.published) lines.push(`the published OpenAPI says: ${failure.published}`)
  if (failure.request) {
    const body = failure.request.body === undefined ? '' : ` ${bodyText(failure.request.body, whole)}`
    lines.push(`request:  ${failure.request.method} ${failure.request.path}${body}`)
  }
  if (failure.response) {
    const body = failure.response.body === undefined ? '' : ` ${bodyText(failure.response.body, whole)}`
    lines.push(`response: ${failure.response.status}${body}`)
  }
  for (const violation of failure.violations ?? []) {
    const value = violation.value === undefined ? '' : ` = ${bodyText(violation.value, whole, 160)}`
    lines.push(`  ${violation.pointer}${value}: ${violation.message}  [${violation.document}: ${violation.schema}]`)
  }
  return lines
}

export interface GroupCounts {
  passed: number
  failed: number
  /** Checks that hold, but where the target chose otherwise than sitemock (see CheckStatus). */
  differs: number
  skipped: number
}

export function countsByGroup(checks: CheckResult[]): Map<Group, GroupCounts> {
  const counts = new Map<Group, GroupCounts>()
  for (const group of GROUPS) {
    const inGroup = checks.filter((check) => check.group === group)
    if (inGroup.length === 0) continue
    counts.set(group, totals(inGroup))
  }
  return counts
}

export function totals(checks: CheckResult[]): GroupCounts {
  const count = (status: CheckResult['status']): number => checks.filter((check) => check.status === status).length
  return { passed: count('passed'), failed: count('failed'), differs: count('differs'), skipped: count('skipped') }
}

/** One line per cleanup outcome. */
export function cleanupLines(report: ContractReport): string[] {
  const { deleted, leftBehind } = report.cleanup
  if (deleted.length === 0 && leftBehind.length === 0) return [`cleanup: ${report.readOnly ? '--read-only, nothing was created' : 'nothing to delete'}`]
  const lines = [`cleanup: deleted ${deleted.length} resource${deleted.length === 1 ? '' : 's'} created by ${report.tag} (sites with everything in them)`]
  for (const item of leftBehind) lines.push(`  LEFT BEHIND: ${item.kind} ${item.id} (${item.label}): ${item.reason}`)
  return lines
}

/** The failures of the checks that failed: one testcase each in JUnit, where a check that failed several ways is several. */
export function failureCount(checks: CheckResult[]): number {
  return checks.filter((check) => check.status === 'failed').reduce((sum, check) => sum + Math.max(1, check.failures.length), 0)
}

/**
 * The verdict line: what the exit code will say, failed checks first, then the same counts as the
 * summary, JSON and JUnit give: a check that differs from sitemock's own choices is counted as
 * differing, never as passed.
 */
export function verdict(given: ContractReport): string {
  const report = settledReport(given)
  const { passed, failed, differs, skipped } = totals(report.checks)
  const failures = failureCount(report.checks)
  const doc = report.profile === 'published' ? 'the published OpenAPI' : report.profile === 'sitemock' ? "the documents and sitemock's own choices" : 'the documents'
  const left = report.cleanup.leftBehind.length
  const leftText = `${left} created resource${left === 1 ? '' : 's'} could not be deleted`
  const counts = `${passed} passed, ${failed} failed${failures > failed ? ` (${failures} failures)` : ''}, ${differs} differ, ${skipped} skipped`
  if (report.interrupted) return `INTERRUPTED: ${counts} before the run was interrupted`
  if (failed > 0) return `FAILED: ${failed} of ${passed + failed + differs} checks break ${doc}${left ? `, and ${leftText}` : ''} (${counts})`
  if (left > 0) return `FAILED: ${leftText} (${counts})`
  if (passed + differs === 0 && report.source === 'proxy') return `NOTHING CHECKED: no answer of the deployment came through the proxy to judge (${skipped} checks skipped); a proxy that saw no traffic never passes`
  if (passed + differs === 0) return `NOTHING CHECKED: all ${skipped} checks were skipped; the summary above says which flags would let them run`
  if (differs === 0) return `PASSED: all ${passed} checks hold against ${doc} (${skipped} skipped)`
  return `PASSED: no check breaks ${doc}: ${passed} passed, ${differs} differ from sitemock's own choices, which the documents leave free (${skipped} skipped)`
}
