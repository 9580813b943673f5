import { GROUPS, type CheckResult, type ContractReport } from '../types.js'
import { cleanupLines, failureLines, totals } from './format.js'

function escape(text: string): string {
  return (
    text
      // Characters XML 1.0 cannot carry at all.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3)

function testcase(check: CheckResult): string {
  const open = `    <testcase classname="sitemock.contract.${check.group}" name="${escape(`${check.name} [${check.id}]`)}" time="${seconds(check.durationMs)}"`
  if (check.status === 'passed') return `${open}/>`
  if (check.status === 'skipped') return `${open}>\n      <skipped message="${escape(check.reason ?? '')}"/>\n    </testcase>`
  const failures = check.failures.map((failure) => {
    const text = failureLines(failure).join('\n')
    return `      <failure message="${escape(failure.message)}" type="${escape(failure.documents.join(' + ') || 'suite')}">${escape(text)}</failure>`
  })
  return `${open}>\n${failures.join('\n')}\n    </testcase>`
}

/** JUnit XML: one testsuite per group, one testcase per check. */
export function renderJunit(report: ContractReport): string {
  const all = totals(report.checks)
  const suites = GROUPS.map((group) => report.checks.filter((check) => check.group === group))
    .filter((checks) => checks.length > 0)
    .map((checks) => {
      const counts = totals(checks)
      const time = checks.reduce((sum, check) => sum + check.durationMs, 0)
      const head = `  <testsuite name="${checks[0]!.group}" tests="${checks.length}" failures="${counts.failed}" errors="0" skipped="${counts.skipped}" time="${seconds(time)}" timestamp="${report.startedAt}">`
      return [head, ...checks.map(testcase), '  </testsuite>'].join('\n')
    })
  const output = escape([...cleanupLines(report), ...report.notices].join('\n'))
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sitemock contract (${report.profile}) ${escape(report.baseUrl)}" tests="${report.checks.length}" failures="${all.failed}" errors="0" skipped="${all.skipped}" time="${seconds(report.durationMs)}">`,
    ...suites,
    `  <system-out>${output}</system-out>`,
    '</testsuites>',
    '',
  ].join('\n')
}
