import { settledReport } from '../server-errors.js'
import type { ContractReport } from '../types.js'
import { countsByGroup, labelOf, sourcesOf, totals } from './format.js'
import { renderJunit } from './junit.js'
import { maskedReport } from './mask-report.js'
import { renderPretty } from './pretty.js'

export const REPORTERS = ['pretty', 'junit', 'json'] as const
export type ReporterName = (typeof REPORTERS)[number]

/** The machine report: the whole run, with the totals per group. */
function renderJson(report: ContractReport): string {
  const summary = { ...totals(report.checks), groups: Object.fromEntries(countsByGroup(report.checks)) }
  const checks = report.checks.map((check) => ({ ...check, sources: sourcesOf(check), failures: check.failures.map((failure) => ({ ...failure, label: labelOf(failure) })) }))
  return `${JSON.stringify({ ...report, checks, summary }, null, 2)}\n`
}

/** The report in the reporter's format; a 5xx is a server error breaking both documents in each (see server-errors.ts). */
export function render(given: ContractReport, reporter: ReporterName): string {
  const report = maskedReport(settledReport(given))
  if (reporter === 'junit') return renderJunit(report)
  if (reporter === 'json') return renderJson(report)
  return renderPretty(report)
}

/**
 * 0 when every check holds, 1 otherwise (a failure, something left behind, an interrupted run),
 * and 2 when no check could run at all: a run that checked nothing must not pass a CI job.
 */
export function exitCodeOf(given: ContractReport): number {
  const report = settledReport(given)
  const failed = report.interrupted || report.cleanup.leftBehind.length > 0 || report.checks.some((check) => check.status === 'failed')
  if (failed) return 1
  // A check that differs from sitemock's choices was checked: only a run of skips checked nothing.
  return report.checks.some((check) => check.status === 'passed' || check.status === 'differs') ? 0 : 2
}
