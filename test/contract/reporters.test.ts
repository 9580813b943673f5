import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { render } from '../../src/contract/reporters/index.js'
import { failureCount, totals, verdict } from '../../src/contract/reporters/format.js'
import type { ContractReport } from '../../src/contract/types.js'
import { startNonconforming, type Nonconforming } from './nonconforming-server.js'
import { runAgainst, withStatus } from './support.js'

/** Tags balance and text holds no bare < or &: enough to know a CI system can parse the file. */
function expectWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '')
  const stack: string[] = []
  for (const token of body.split(/(<[^>]*>)/)) {
    if (!token.startsWith('<')) {
      expect(token).not.toMatch(/<|&(?!(amp|lt|gt|quot|apos);)/)
      continue
    }
    const name = /^<\/?([\w-]+)/.exec(token)![1]!
    if (token.startsWith('</')) expect(stack.pop()).toBe(name)
    else if (!token.endsWith('/>')) stack.push(name)
  }
  expect(stack).toEqual([])
}

describe('the reporters', () => {
  let server: Nonconforming
  let report: ContractReport

  beforeAll(async () => {
    server = await startNonconforming(['wrong-field-type', 'html-not-found'])
    report = await runAgainst(server.url, server.mock, { only: ['schema', 'auth'], otherApiKey: undefined })
  })
  afterAll(() => server.close())

  it('pretty: each failure shows the check, its rule, the request, the status, the offending part in plain words, and the broken document', () => {
    const text = render(report, 'pretty')
    expect(text).toContain('✗ schema › GET /v2/sites/{siteId} answers documented statuses with JSON bodies that match their schemas  [schema.get.v2-sites-siteId]')
    expect(text).toMatch(/request: {2}GET \/v2\/sites\/[\w-]+\n/)
    expect(text).toMatch(/response: 200 \{"object":"site"/)
    expect(text).toContain('  rule: every answer has a documented status, a JSON body (none with a 204) and the documented shape (docs/contract-rules.md#answer-shape)')
    expect(text).toContain('  source: specification, What the service does › responses; specification, Errors › error body; published OpenAPI /components/schemas/BadRequestResponseDto\n')
    expect(text).toContain('/name = 42: expected string, got number 42  [specification: contracts/schemas/site.json]')
    expect(text).toContain('breaks: the specification and the published OpenAPI (a bug)')
    expect(text).toContain('the published OpenAPI says: GET /v2/sites/{siteId} "Returns a site by its ID."')
    expect(text).toContain('expected the content type application/json, got text/html')
    expect(text).not.toMatch(/SPEC\.md|must match|must be /)
  })

  it('pretty: a summary per group with passed, failed, differs and skipped, the reasons for skips, cleanup and the verdict', () => {
    const text = render(report, 'pretty')
    expect(text).toMatch(/Summary\n {2}group +passed +failed +differs +skipped\n {2}schema +\d+ +\d+ +\d+ +\d+\n {2}auth +\d+ +\d+ +\d+ +\d+\n {2}total/)
    expect(text).toContain('auth: 4 checks: no --other-api-key: cross-tenant checks skipped')
    expect(text).toMatch(/cleanup: deleted \d+ resources created by contract-[0-9a-f]{8}/)
    const line = /\n\n(FAILED: \d+ of \d+ checks break the documents \(\d+ passed, \d+ failed( \(\d+ failures\))?, \d+ differ, \d+ skipped\))\n$/.exec(text)
    expect(line).not.toBeNull()
    // The verdict first too, right after the run's header: a long report starts with what it comes to.
    expect(text.split('\n').slice(0, 4)).toContain(line![1])
    expect(text).toMatch(/^sitemock contract against \S+\nprofile documents \(what the specification or the published OpenAPI states\)/)
  })

  it('the verdict gives the same counts as the summary, JSON and JUnit: a difference is counted as such, never as a pass', () => {
    const { passed, failed, differs, skipped } = totals(report.checks)
    const json = JSON.parse(render(report, 'json')) as { summary: { passed: number; failed: number; differs: number; skipped: number } }
    expect(json.summary).toMatchObject({ passed, failed, differs, skipped })
    expect(verdict(report)).toContain(`(${passed} passed, ${failed} failed`)
    expect(verdict(report)).toContain(`, ${differs} differ, ${skipped} skipped)`)
    const differing: ContractReport = { ...report, checks: report.checks.map((check) => (check.status === 'failed' ? { ...check, status: 'differs' as const, failures: check.failures.map((failure) => ({ ...failure, documents: ['sitemock behaviour' as const] })) } : check)) }
    const counts = totals(differing.checks)
    expect(counts.differs).toBeGreaterThan(0)
    expect(verdict(differing)).toBe(`PASSED: no check breaks the documents: ${counts.passed} passed, ${counts.differs} differ from sitemock's own choices, which the documents leave free (${counts.skipped} skipped)`)
    const xml = render(report, 'junit')
    const top = /<testsuites [^>]*>/.exec(xml)![0]
    // JUnit counts a failure per testcase: the failed checks (one testcase each, however many ways they failed), and cleanup.
    expect(Number(/failures="(\d+)"/.exec(top)![1])).toBe(withStatus(report, 'failed').length + (report.cleanup.leftBehind.length > 0 ? 1 : 0))
    // The verdict still counts every failure of a check that failed several ways.
    expect(failureCount(report.checks)).toBeGreaterThan(withStatus(report, 'failed').length)
  })

  it('junit: one well-formed testcase per check, a check that failed several ways included, each with at most one <failure>; skips marked', () => {
    const xml = render(report, 'junit')
    expectWellFormedXml(xml)
    const several = withStatus(report, 'failed').filter((check) => check.failures.length > 1)
    expect(several.length).toBeGreaterThan(0)
    // One testcase per check, and one for the cleanup.
    expect(xml.match(/<testcase /g)).toHaveLength(report.checks.length + 1)
    for (const testcase of xml.split('<testcase ').slice(1)) expect(testcase.match(/<failure /g)?.length ?? 0).toBeLessThanOrEqual(1)
    expect(xml.match(/<failure /g)).toHaveLength(withStatus(report, 'failed').length + (report.cleanup.leftBehind.length > 0 ? 1 : 0))
    // Every way a check failed is in its one <failure>: the first in the message, all in the text.
    const escaped = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    expect(xml).toContain(`(and ${several[0]!.failures.length - 1} more)`)
    for (const failure of several[0]!.failures) expect(xml).toContain(escaped(failure.message.split('\n')[0]!))
    expect(xml.match(/<skipped /g)).toHaveLength(withStatus(report, 'skipped').length)
    // Each suite has the time its first check started.
    const stamps = [...xml.matchAll(/<testsuite [^>]*timestamp="([^"]+)"/g)].map((match) => match[1]!)
    expect(stamps.length).toBeGreaterThan(2)
    expect(new Set(stamps).size).toBe(stamps.length)
    expect(stamps.map((stamp) => Date.parse(stamp))).toEqual(stamps.map((stamp) => Date.parse(stamp)).sort((a, b) => a - b))
    expect(xml).toContain('&lt;html&gt;')
    expect(xml).toMatch(/<testsuite name="schema" tests="\d+" failures="[1-9]\d*"/)
  })

  it('junit: testcase names are the same in every run, whatever the counts, times and messages of its failures', () => {
    const names = (xml: string): string[] => [...xml.matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((match) => match[1]!)
    // Another run of the same checks: other times, other messages, fewer failures of a check that failed several ways.
    const other: ContractReport = {
      ...report,
      startedAt: new Date(Date.parse(report.startedAt) + 86_400_000).toISOString(),
      checks: report.checks.map((check) => ({ ...check, durationMs: check.durationMs + 17, offsetMs: check.offsetMs + 5, failures: check.failures.slice(0, 1).map((failure) => ({ ...failure, message: `${failure.message} at 12:34:56, 3 of 7` })) })),
    }
    expect(names(render(other, 'junit'))).toEqual(names(render(report, 'junit')))
    // Each is the check's own sentence and id.
    const escaped = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    expect(new Set(names(render(report, 'junit')))).toEqual(new Set([...report.checks.map((check) => escaped(`${check.name} [${check.id}]`)), 'everything the run created is deleted [cleanup]']))
  })

  it('json: the whole run for machines, with totals per group', () => {
    const parsed = JSON.parse(render(report, 'json')) as ContractReport & { summary: { failed: number; groups: Record<string, { failed: number }> } }
    expect(parsed.checks).toHaveLength(report.checks.length)
    expect(parsed.summary.failed).toBe(withStatus(report, 'failed').length)
    expect(parsed.summary.groups.schema!.failed).toBeGreaterThan(0)
    expect(parsed.tag).toBe(report.tag)
    const keys = parsed.checks.find((check) => check.id === 'auth.no-key') as unknown as { sources: string[] }
    expect(keys.sources).toEqual(['specification, Authentication › keys', 'specification, Errors › status codes'])
  })
})
