import type { ContractReport, Failure } from '../types.js'
import { cleanupLines, countsByGroup, failureLines, PROFILE_WORDS, ruleLine, sourceLine, totals, verdict, type GroupCounts } from './format.js'

/** The report for people: failures in full, a summary per group, skip reasons, cleanup, verdict. */
export function renderPretty(report: ContractReport): string {
  const out: string[] = [
    `sitemock ${report.source ?? 'contract'} against ${report.baseUrl}`,
    `profile ${report.profile} (${PROFILE_WORDS[report.profile]})${report.readOnly ? ', --read-only' : ''}, run tag ${report.tag}, ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    // The verdict first, so that a long report starts with what it comes to; again at its end.
    verdict(report),
    '',
  ]
  const failed = report.checks.filter((check) => check.status === 'failed')
  if (failed.length > 0) {
    out.push('Failures', '')
    for (const check of failed) {
      out.push(`✗ ${check.group} › ${check.name}  [${check.id}]`, `  ${ruleLine(check)}`, `  ${sourceLine(check)}`)
      for (const failure of check.failures) out.push(...failureBlock(failure))
      out.push('')
    }
  }
  const differing = report.checks.filter((check) => check.status === 'differs')
  if (differing.length > 0) {
    out.push("Differences from sitemock's own choices (the documents leave these free; --profile sitemock holds the target to them)", '')
    for (const check of differing) {
      out.push(`≠ ${check.group} › ${check.name}  [${check.id}]`, `  ${sourceLine(check)}`)
      for (const failure of check.failures) out.push(...failureBlock(failure))
      out.push('')
    }
  }
  const row = (name: string, counts: GroupCounts): string =>
    `  ${name.padEnd(12)}${String(counts.passed).padStart(8)}${String(counts.failed).padStart(8)}${String(counts.differs).padStart(9)}${String(counts.skipped).padStart(9)}`
  out.push('Summary', `  ${'group'.padEnd(12)}${'passed'.padStart(8)}${'failed'.padStart(8)}${'differs'.padStart(9)}${'skipped'.padStart(9)}`)
  for (const [group, counts] of countsByGroup(report.checks)) out.push(row(group, counts))
  out.push(row('total', totals(report.checks)), '')
  const reasons = skipReasons(report)
  if (reasons.length > 0) out.push('Skipped', ...reasons.map((line) => `  ${line}`), '')
  // A notice of several lines (the choices not learned, one a line) goes on indented under its first.
  if (report.notices.length > 0) out.push('Notices', ...report.notices.flatMap((notice) => notice.split('\n').map((line, index) => (index === 0 ? `  ${line}` : `    ${line}`))), '')
  if (report.source !== 'proxy') out.push(...cleanupLines(report), '')
  out.push(verdict(report), '')
  return out.join('\n')
}

/** A failure's lines, indented under its check: its first line, then the rest. */
function failureBlock(failure: Failure): string[] {
  const [first = '', ...rest] = (failure.sequence ? failureLines({ ...failure, request: undefined, response: undefined, message: compactSequence(failure.message) }) : failureLines(failure)).flatMap((line) => line.split('\n'))
  return [`    ${first}`, ...rest.map((line) => `      ${line}`)]
}

const TRANSCRIPT = 'transcript, request by request (target | oracle):'
/** The steps every sequence starts with (its two sites) or takes after a site is made (learning its lists): the same in every divergence. */
const ROUTINE = /^ {2}\d+\. (setup:|learning the )/

/**
 * A stateful divergence as people read it: what differs and how to replay it, then the shrunk
 * calls once, each with both answers; the routine setup steps every sequence repeats are counted,
 * not shown (--reporter json keeps the whole transcript, and the calls that --replay sends).
 */
function compactSequence(message: string): string {
  const at = message.indexOf(`\n${TRANSCRIPT}\n`)
  if (at < 0) return message
  const steps = message.slice(at + TRANSCRIPT.length + 2).split(/\n(?= {2}\d+\. )/)
  // The step that diverged is shown whatever it is.
  const routineStep = (step: string, index: number): boolean => index < steps.length - 1 && ROUTINE.test(step)
  const routine = steps.filter(routineStep).length
  const calls = steps.filter((step, index) => !routineStep(step, index))
  const head = `the shrunk sequence, ${calls.length} call(s) (target | oracle)${routine ? `, after ${routine} setup request(s) every sequence makes (its sites and their lists; whole in --reporter json)` : ''}:`
  return [message.slice(0, at), head, ...calls].join('\n')
}

/** "group: N checks: reason", one line per group and reason. */
function skipReasons(report: ContractReport): string[] {
  const counted = new Map<string, number>()
  for (const check of report.checks) {
    if (check.status !== 'skipped') continue
    const key = `${check.group}\u0000${check.reason ?? 'no reason given'}`
    counted.set(key, (counted.get(key) ?? 0) + 1)
  }
  return [...counted].map(([key, count]) => {
    const [group, reason] = key.split('\u0000')
    return `${group}: ${count} check${count === 1 ? '' : 's'}: ${reason}`
  })
}
