import type { ContractReport } from '../types.js'
import { countsByGroup, totals } from './format.js'
import { renderJunit } from './junit.js'
import { renderPretty } from './pretty.js'

export const REPORTERS = ['pretty', 'junit', 'json'] as const
export type ReporterName = (typeof REPORTERS)[number]

/** The machine report: the whole run, with the totals per group. */
function renderJson(report: ContractReport): string {
  const summary = { ...totals(report.checks), groups: Object.fromEntries(countsByGroup(report.checks)) }
  return `${JSON.stringify({ ...report, summary }, null, 2)}\n`
}

export function render(report: ContractReport, reporter: ReporterName): string {
  if (reporter === 'junit') return renderJunit(report)
  if (reporter === 'json') return renderJson(report)
  return renderPretty(report)
}

/** 0 when every check holds, 1 otherwise (a failure, something left behind, an interrupted run). */
export function exitCodeOf(report: ContractReport): number {
  return !report.interrupted && report.cleanup.leftBehind.length === 0 && report.checks.every((check) => check.status !== 'failed') ? 0 : 1
}
