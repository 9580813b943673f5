import { GROUPS, type CheckResult, type ContractReport } from '../types.js'
import { cleanupLines, failureLines, labelOf, ruleLine, sourceLine, totals } from './format.js'

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

/**
 * The testcase's name: the check's own sentence and id, the same in every run (no counts, times or
 * messages), so that a CI server follows one check across runs.
 */
const caseName = (check: CheckResult): string => `${check.name} [${check.id}]`

/**
 * The testcase of a check. A check that failed several ways (a stateful divergence, each probe of
 * a schema check) is still one testcase: its one <failure> (CI servers show only the first) says
 * the first way in its message and every way in its text.
 */
function testcase(check: CheckResult): string {
  const open = `    <testcase classname="sitemock.contract.${check.group}" name="${escape(caseName(check))}" time="${seconds(check.durationMs)}"`
  if (check.status === 'passed') return `${open}/>`
  // A difference from sitemock's own choices holds against the contract: a passing test that says what differs.
  if (check.status === 'differs') return `${open}>\n      <system-out>${escape(check.failures.flatMap((failure) => failureLines(failure, { whole: true })).join('\n'))}</system-out>\n    </testcase>`
  if (check.status === 'skipped') return `${open}>\n      <skipped message="${escape(check.reason ?? '')}"/>\n    </testcase>`
  const [first] = check.failures
  const more = check.failures.length > 1 ? ` (and ${check.failures.length - 1} more)` : ''
  // Bodies whole: a CI server keeps the file, and the whole answer is what explains a failure there.
  const text = [...check.failures.flatMap((failure, index) => [...(index > 0 ? [''] : []), ...failureLines(failure, { whole: true })]), ruleLine(check), sourceLine(check)].join('\n')
  return `${open}>\n      <failure message="${escape(`${first?.message.split('\n')[0] ?? 'failed'}${more}`)}" type="${escape(first ? labelOf(first) : 'failed')}">${escape(text)}</failure>\n    </testcase>`
}

interface Suite {
  name: string
  tests: number
  failures: number
  skipped: number
  /** Wall-clock ms from the first start to the last end: with checks side by side, less than their sum. */
  time: number
  /** When the suite's first check started, in ms after the run started. */
  start: number
  body: string[]
}

/** A suite's timestamp: when its first check started (ISO 8601, UTC). */
const timestampOf = (startedAt: string, offsetMs: number): string => new Date(Date.parse(startedAt) + offsetMs).toISOString()

function suiteXml(suite: Suite, startedAt: string): string {
  const head = `  <testsuite name="${escape(suite.name)}" tests="${suite.tests}" failures="${suite.failures}" errors="0" skipped="${suite.skipped}" time="${seconds(suite.time)}" timestamp="${timestampOf(startedAt, suite.start)}">`
  return [head, ...suite.body, '  </testsuite>'].join('\n')
}

function groupSuite(checks: CheckResult[]): Suite {
  const counts = totals(checks)
  // A loop, not Math.min(...): a spread of every check's time overflows the stack past about 100,000 checks.
  let start = Infinity
  let end = -Infinity
  for (const check of checks) {
    start = Math.min(start, check.offsetMs)
    end = Math.max(end, check.offsetMs + check.durationMs)
  }
  const body = checks.map(testcase)
  return { name: checks[0]!.group, tests: body.length, failures: counts.failed, skipped: counts.skipped, time: end - start, start, body }
}

/** Cleanup as a test of its own, so that what was left behind fails the file as it fails the run. */
function cleanupSuite(report: ContractReport, time: number): Suite {
  const left = report.cleanup.leftBehind.length
  const name = 'everything the run created is deleted [cleanup]'
  const open = `    <testcase classname="sitemock.contract.cleanup" name="${name}" time="${seconds(time)}"`
  const output = `      <system-out>${escape([...cleanupLines(report), ...report.notices].join('\n'))}</system-out>`
  const failure = left ? [`      <failure message="${left} created resource(s) could not be deleted" type="cleanup">${escape(cleanupLines(report).join('\n'))}</failure>`] : []
  return { name: 'cleanup', tests: 1, failures: left ? 1 : 0, skipped: 0, time, start: Math.max(0, report.durationMs - time), body: [`${open}>`, ...failure, output, '    </testcase>'] }
}

/**
 * JUnit XML as CI servers read it (the junit-10.xsd of Jenkins' xunit plugin): one testsuite per
 * group with the time its first check started, one testcase per check, named the same in every
 * run, with at most one <failure>, and the cleanup; `<testsuites>` holds only suites, and its time
 * is the run's, which no suite's exceeds.
 */
export function renderJunit(report: ContractReport): string {
  const suites = GROUPS.map((group) => report.checks.filter((check) => check.group === group))
    .filter((checks) => checks.length > 0)
    .map(groupSuite)
  const checksEnd = Math.max(0, ...report.checks.map((check) => check.offsetMs + check.durationMs))
  suites.push(cleanupSuite(report, Math.max(0, report.durationMs - checksEnd)))
  const total = Math.max(report.durationMs, ...suites.map((suite) => suite.time))
  const sum = (key: 'tests' | 'failures'): number => suites.reduce((count, suite) => count + suite[key], 0)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sitemock contract (${report.profile}) ${escape(report.baseUrl)}" tests="${sum('tests')}" failures="${sum('failures')}" errors="0" time="${seconds(total)}">`,
    ...suites.map((suite) => suiteXml(suite, report.startedAt)),
    '</testsuites>',
    '',
  ].join('\n')
}
